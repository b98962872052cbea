import { skipToken, useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/leagueLinks';
import { ExportButton } from './components/ExportButton';
import { PortfolioView } from './components/PortfolioView';
import { ProfileEditor } from './components/ProfileEditor';
import { LOAD_FAILED } from '../../../shared/texts';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { MyOrders } from '../../components/trade/MyOrders';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

/** /portfolio: the user's own portfolio, editable (docs/screens.md §3 Pages). */
export default function PortfolioPage() {
  const trpc = useTRPC();
  const { user } = useSession();
  const portfolio = useQuery(trpc.portfolio.get.queryOptions(user ? { userId: user.id } : skipToken));
  if (!user) return null;
  return (
    <>
      <PageTitle
        title="Portfolio"
        subtitle="Your money, your shares and the prices they sell at automatically."
        actions={
          <>
            <a className="button button-small button-secondary" href="#my-orders">
              My orders
            </a>
            <Link className="button button-small button-secondary" to="/transactions">
              Transactions
            </Link>
            <ExportButton what="portfolio" userId={user.id} />
          </>
        }
      />
      <ProfileEditor user={user} />
      <div className="section">
        <QueryState query={portfolio} loading="Loading your portfolio…" failed={LOAD_FAILED.portfolio}>
          {(data) => <PortfolioView portfolio={data} editable />}
        </QueryState>
      </div>
      <MyOrders />
    </>
  );
}
