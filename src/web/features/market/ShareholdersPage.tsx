import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../lib/leagueLinks';
import { EmptyState } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { ShareholdersTable } from './components/ShareholdersTable';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import type { Shareholder } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { formatDate } from '../../lib/time';
import { nextPage, PAGE_SIZE, usePagedItems } from '../../lib/pagedList';
import { parseId } from '../../lib/params';
import { errorStatus, useTRPC } from '../../lib/trpc';
import NotFoundPage from '../../pages/NotFoundPage';
import { LOAD_FAILED } from '../../../shared/texts';

const holdersOf = (page: { shareholders: Shareholder[] }) => page.shareholders;
const holderId = (h: Shareholder) => h.user_id;

/** /market/{playerId}/shareholders: everyone who holds shares in a player, most shares first, a page at a time. */
export default function ShareholdersPage() {
  const { playerId } = useParams();
  const id = parseId(playerId);
  if (id === null) return <NotFoundPage />;
  return <Shareholders id={id} />;
}

function Shareholders({ id }: { id: number }) {
  const trpc = useTRPC();
  const result = useInfiniteQuery(trpc.market.shareholders.infiniteQueryOptions({ id, limit: PAGE_SIZE }, { getNextPageParam: nextPage }));
  const holders = usePagedItems(result.data, holdersOf, holderId);
  if (result.isError && errorStatus(result.error) === 404) return <NotFoundPage />;
  const player = result.data?.pages[0]?.player;
  const retired = player?.retiredAt ? player.retiredAt : null;
  return (
    <>
      <PageTitle
        title={player ? (retired ? `Holders of ${player.name} at retirement` : `Shareholders of ${player.name}`) : 'Shareholders'}
        subtitle={
          player
            ? retired
              ? `${player.team_name} · Retired on ${formatDate(retired)}: their shares were bought back at ${formatDollars(1)}`
              : `${player.team_name} · ${formatInteger(player.total_distributed)} of ${formatInteger(player.total_shares)} shares owned`
            : undefined
        }
        actions={
          <Link className="button button-secondary button-small" to={`/market/${id}`}>
            Player page
          </Link>
        }
      />
      <QueryState
        query={result}
        loading="Loading shareholders…"
        failed={LOAD_FAILED.market}
        isEmpty={() => holders.length === 0}
        empty={
          retired ? (
            <EmptyState title="Nobody held his shares when he retired" action={<Link to={`/market/${id}`}>His page</Link>} />
          ) : (
            <EmptyState title="No shareholders yet" action={<Link to={`/market/${id}`}>Be the first to buy</Link>}>
              <p>All of this player’s shares are still on the open market.</p>
            </EmptyState>
          )
        }
      >
        {() => (
          <>
            <ShareholdersTable
              shareholders={holders}
              caption={retired ? `Holders of ${player?.name ?? 'the player'} at retirement` : `Shareholders of ${player?.name ?? 'the player'}`}
              atRetirement={retired !== null}
            />
            <LoadMore hasMore={result.hasNextPage} loading={result.isFetchingNextPage} onMore={() => void result.fetchNextPage()} what="shareholders" />
          </>
        )}
      </QueryState>
    </>
  );
}
