import { Link } from '../lib/leagueLinks';
import { formatDollars } from '../lib/format';
import { useSession } from '../lib/session';
import { useMe } from '../lib/useMe';
import { Avatar } from './Avatar';
import { LeagueSwitcher } from './league/LeagueSwitcher';
import { SeasonBadge } from './seasons/SeasonBadge';

/** Avatar, name, the league shown, cash balance (Bal) and total value (Val) in it of the logged-in user. */
export function UserBox() {
  const { user } = useSession();
  const me = useMe();
  if (!user) return null;
  const shown = me.data?.user ?? user;
  const money = (amount: number | undefined) => (amount === undefined ? (me.isError ? '—' : '…') : formatDollars(amount));
  return (
    <div className="user-box" data-testid="user-box">
      <Link to="/portfolio" className="user-box-name" title="Your portfolio">
        <Avatar username={shown.username} avatar={shown.avatar} />
        <span className="user-name">{shown.username}</span>
      </Link>
      <LeagueSwitcher />
      <span className="user-money">
        <span className="user-money-item" data-testid="user-balance">
          <abbr title="Cash balance">Bal</abbr> <span className="amount">{money(me.data?.balance)}</span>
        </span>
        <span className="user-money-item" data-testid="user-value">
          <abbr title="Total value: cash plus shares">Val</abbr> <span className="amount">{money(me.data?.value)}</span>
        </span>
        <SeasonBadge />
      </span>
    </div>
  );
}
