import { Link } from '../../../lib/leagueLinks';
import { teamCodeOfName } from '../../../theme/faces';
import { PlayerAvatar, TeamBadge } from '../../../components/faces/Faces';
import type { RouterOutputs } from '../../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../../lib/format';
import { formatShortDate } from '../../../lib/time';
import { useNow } from '../../../lib/useNow';
import { EmptyState } from '../../../components/EmptyState';
import { DumpButton, SellDialog } from '../../../components/trade';
import { MinSellPriceForm } from '../../../components/trade/MinSellPriceForm';
import { formatChangePercent, formatShareOfTotal, formatSignedDollars, isLocked, toneOf } from '../../../lib/accountFormat';
import { NumHeader } from '../../../components/table/NumHeader';
import type { InstrumentKind } from '../../../../shared/instrument';
import '../../../components/controls.css';
import '../../../components/figures.css';
import './HoldingsTables.css';

export type Portfolio = RouterOutputs['portfolio']['get'];
export type PlayerHolding = Portfolio['players'][number];
export type TeamHolding = Portfolio['teams'][number];

/** What the owner may do from the tables; absent on a public (read-only) portfolio. */
export interface HoldingActions {
  onBuy(item: { itemType: InstrumentKind; id: number; name: string }): void;
}

/** Player Shares (docs/screens.md §3 Pages): name (★ for the largest shareholder), team, shares and % owned, average price, min sell price, value. */
export function PlayerHoldingsTable({ players, actions, caption }: { players: readonly PlayerHolding[]; actions?: HoldingActions; caption: string }) {
  if (players.length === 0) {
    return (
      <EmptyState title="No player shares yet" action={actions ? <Link to="/market">Browse the market</Link> : undefined}>
        {actions ? <p>Buy shares on the market: unclaimed shares cost $1.00 each.</p> : null}
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="table holdings-table table-stack">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <NumHeader>Shares</NumHeader>
            <NumHeader>Avg price</NumHeader>
            <th scope="col">Min sell price</th>
            <NumHeader>Est. value</NumHeader>
            {actions ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {players.map((p) => {
            const free = Math.max(0, p.shares_owned - p.listed_shares);
            return (
              <tr key={p.player_id}>
                <th scope="row" className="holding-name stack-title">
                  <PlayerAvatar name={p.name} teamCode={teamCodeOfName(p.team_name)} size="xs" inline />
                  <Link to={`/market/${p.player_id}`}>{p.name}</Link>
                  {p.is_top_holder ? (
                    <span className="top-holder" title="Largest single shareholder">
                      <span aria-hidden="true"> ★</span>
                      <span className="sr-only"> (largest single shareholder)</span>
                    </span>
                  ) : null}
                  <div className="cell-note">{p.team_name}</div>
                </th>
                <td className="num" data-label="Shares">
                  <span>
                    {formatInteger(p.shares_owned)} <span className="muted">({formatShareOfTotal(p.shares_owned, p.salary)})</span>
                    {p.listed_shares > 0 ? <span className="cell-note block">{formatInteger(p.listed_shares)} listed</span> : null}
                  </span>
                </td>
                <td className="num" data-label="Avg price">
                  {formatDollars(p.average_buy_price)}
                </td>
                <td data-label="Min sell price">
                  {actions ? (
                    <MinSellPriceForm layout="cell" itemType="player" itemId={p.player_id} itemName={p.name} current={p.min_sell_price} />
                  ) : (
                    formatDollars(p.min_sell_price)
                  )}
                </td>
                <td className="num stack-money" data-label="Est. value">
                  <span>
                    {formatDollars(p.value)}
                    <span className="cell-note block" title="The mark: the price every valuation uses">
                      at {formatDollars(p.current_price)}
                    </span>
                    <Profit holding={p} />
                  </span>
                </td>
                {actions ? (
                  <HoldingActionsCell actions={actions} itemType="player" id={p.player_id} name={p.name} free={free} minSellPrice={p.min_sell_price} />
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Team Holdings (docs/screens.md §3 Pages): team, shares, value, min sell price, lockout end. */
export function TeamHoldingsTable({ teams, actions, caption }: { teams: readonly TeamHolding[]; actions?: HoldingActions; caption: string }) {
  const now = useNow();
  if (teams.length === 0) {
    return (
      <EmptyState title="No team shares yet" action={actions ? <Link to="/teams">See the teams</Link> : undefined}>
        {actions ? <p>Hold shares in one Eastern and one Western team to get first pick of their drafted rookies.</p> : null}
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="table holdings-table table-stack">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Team</th>
            <NumHeader>Shares</NumHeader>
            <NumHeader>Value</NumHeader>
            <th scope="col">Min sell price</th>
            <th scope="col">Lockout end</th>
            {actions ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {teams.map((t) => {
            const locked = isLocked(t.locked_until, now);
            const free = locked ? 0 : Math.max(0, t.shares_owned - t.listed_shares);
            return (
              <tr key={t.id}>
                <th scope="row" className="holding-name stack-title">
                  <TeamBadge code={t.code} size="xs" inline />
                  <Link to={`/teams/${t.id}`}>{t.name}</Link>
                  <div className="cell-note">{t.conference === 'East' ? 'Eastern' : 'Western'} Conference</div>
                </th>
                <td className="num" data-label="Shares">
                  <span>
                    {formatInteger(t.shares_owned)}
                    {t.listed_shares > 0 ? <span className="cell-note block">{formatInteger(t.listed_shares)} listed</span> : null}
                  </span>
                </td>
                <td className="num stack-money" data-label="Value">
                  <span>
                    {formatDollars(t.value)}
                    <span className="cell-note block" title="The mark: the price every valuation uses">
                      at {formatDollars(t.current_price)}
                    </span>
                    <Profit holding={t} />
                  </span>
                </td>
                <td data-label="Min sell price">
                  {actions ? (
                    <MinSellPriceForm layout="cell" itemType="team" itemId={t.id} itemName={t.name} current={t.min_sell_price} />
                  ) : (
                    formatDollars(t.min_sell_price)
                  )}
                </td>
                <td data-label="Lockout end">
                  {locked ? (
                    <span className="lock-cell">
                      <span className="lock-badge">Locked until {formatShortDate(t.locked_until)}</span>
                      <span className="cell-note block">Team shares can’t be sold for 7 days after a purchase</span>
                    </span>
                  ) : (
                    <span className="muted">Unlocked</span>
                  )}
                </td>
                {actions ? (
                  <HoldingActionsCell
                    actions={actions}
                    itemType="team"
                    id={t.id}
                    name={t.name}
                    free={free}
                    minSellPrice={t.min_sell_price}
                    lockedUntil={locked ? t.locked_until : null}
                  />
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Under the value: unrealized profit at the mark ($ and % of what the shares cost), and today's change (docs/rules.md §5). */
function Profit({ holding: h }: { holding: Pick<PlayerHolding, 'unrealized_profit' | 'unrealized_percent' | 'today_change'> }) {
  return (
    <>
      <span className={`block holding-profit ${toneOf(h.unrealized_profit)}`} data-testid="holding-profit">
        <span className="sr-only">Profit </span>
        {formatSignedDollars(h.unrealized_profit)}
      </span>
      <span className={`cell-note block ${toneOf(h.unrealized_profit)}`}>{formatChangePercent(h.unrealized_percent)}</span>
      <span className={`cell-note block ${toneOf(h.today_change)}`}>{formatSignedDollars(h.today_change)} today</span>
    </>
  );
}

/** Buy, Sell and Dump for one holding; Sell and Dump work on its free (unlisted, unlocked) shares. */
function HoldingActionsCell({
  actions,
  itemType,
  id,
  name,
  free,
  minSellPrice,
  lockedUntil = null,
}: {
  actions: HoldingActions;
  itemType: InstrumentKind;
  id: number;
  name: string;
  free: number;
  minSellPrice: number;
  lockedUntil?: string | null;
}) {
  return (
    <td className="stack-actions">
      <div className="row-actions">
        <button type="button" className="button button-small" onClick={() => actions.onBuy({ itemType, id, name })} aria-label={`Buy ${name}`}>
          Buy
        </button>
        <SellDialog itemType={itemType} itemId={id} itemName={name} maxShares={free} lockedUntil={lockedUntil} defaultPrice={minSellPrice} />
        <DumpButton itemType={itemType} itemId={id} itemName={name} shares={free} lockedUntil={lockedUntil} />
      </div>
    </td>
  );
}
