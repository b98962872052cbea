import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { ErrorMessage } from '../components/ErrorMessage';
import { ShareholdersTable } from '../components/market/ShareholdersTable';
import { PageTitle } from '../components/PageTitle';
import { Loading } from '../components/Spinner';
import { formatInteger } from '../lib/format';
import { parseId } from '../lib/params';
import { errorStatus, useTRPC } from '../lib/trpc';
import NotFoundPage from './NotFoundPage';

/** /market/{playerId}/shareholders: everyone who holds shares in a player. */
export default function ShareholdersPage() {
  const { playerId } = useParams();
  const id = parseId(playerId);
  if (id === null) return <NotFoundPage />;
  return <Shareholders id={id} />;
}

function Shareholders({ id }: { id: number }) {
  const trpc = useTRPC();
  const result = useQuery(trpc.market.shareholders.queryOptions({ id }));
  if (result.isError && errorStatus(result.error) === 404) return <NotFoundPage />;
  const player = result.data?.player;
  return (
    <>
      <PageTitle
        title={player ? `Shareholders of ${player.name}` : 'Shareholders'}
        subtitle={player ? `${player.team_name} · ${formatInteger(player.total_distributed)} of ${formatInteger(player.total_shares)} shares owned` : undefined}
        actions={
          <Link className="button button-secondary button-small" to={`/market/${id}`}>
            Player page
          </Link>
        }
      />
      {result.isPending ? (
        <Loading label="Loading shareholders…" />
      ) : result.isError ? (
        <ErrorMessage onRetry={() => void result.refetch()}>Failed to load market</ErrorMessage>
      ) : result.data.shareholders.length === 0 ? (
        <EmptyState title="No shareholders yet" action={<Link to={`/market/${id}`}>Be the first to buy</Link>}>
          <p>All of this player’s shares are still on the open market.</p>
        </EmptyState>
      ) : (
        <ShareholdersTable shareholders={result.data.shareholders} caption={`Shareholders of ${result.data.player.name}`} />
      )}
    </>
  );
}
