import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../lib/leagueLinks';
import { ItemSections } from './components/ItemSections';
import { StatGrid } from './components/StatGrid';
import { PageTitle } from '../../components/PageTitle';
import { PlayerAvatar } from '../../components/faces/Faces';
import { QueryState } from '../../components/QueryState';
import { BuyForm } from '../../components/trade/BuyForm';
import { isRestricted, playerTarget } from '../../components/trade/buyTarget';
import { HoldingCard } from './components/HoldingCard';
import type { MarketDetail } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { parseId } from '../../lib/params';
import { formatDate } from '../../lib/time';
import { errorStatus, useTRPC } from '../../lib/trpc';
import { useNow } from '../../lib/useNow';
import { useSellable } from '../../lib/useSellable';
import NotFoundPage from '../../pages/NotFoundPage';
import { LOAD_FAILED } from '../../../shared/texts';
import { MarkNote } from './components/MarkNote';
import './detail.css';

/** /market/{playerId}: a player's totals, buy form with preview, order book, asks, offers, trades and chart. */
export default function PlayerPage() {
  const { playerId } = useParams();
  const id = parseId(playerId);
  if (id === null) return <NotFoundPage />;
  return <Player id={id} />;
}

function Player({ id }: { id: number }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.market.detail.queryOptions({ playerId: id }));
  if (detail.isError && errorStatus(detail.error) === 404) return <NotFoundPage />;
  return (
    <>
      {detail.data === undefined ? <PageTitle title="Player" /> : null}
      <QueryState query={detail} loading="Loading the player…" failed={LOAD_FAILED.market}>
        {(data) => <PlayerDetail detail={data} />}
      </QueryState>
    </>
  );
}

/** A retired player's page keeps his history: when he retired, his chart and trades, and the holders whose shares were bought back. */
function RetiredPlayer({ detail }: { detail: MarketDetail }) {
  const { player } = detail;
  const holders = detail.totals.shareholders;
  return (
    <>
      <PageTitle
        title={player.name}
        subtitle={
          <span className="with-face">
            <PlayerAvatar name={player.name} teamCode={player.team_code} size="md" />
            <span>{player.team_name} · Retired</span>
          </span>
        }
        actions={
          <>
            <Link className="button button-secondary button-small" to={`/market/${player.id}/shareholders`}>
              Holders at retirement
            </Link>
            <Link className="button button-secondary button-small" to="/market">
              Market
            </Link>
          </>
        }
      />
      <p className="notice" role="note" data-testid="retired-note">
        <strong>Retired on {formatDate(player.retiredAt!)}.</strong>{' '}
        {holders === 0
          ? 'Nobody held his shares.'
          : `The open market bought back the shares of his ${formatInteger(holders)} ${holders === 1 ? 'holder' : 'holders'} at ${formatDollars(1)} each.`}{' '}
        He no longer trades; his history stays here.
      </p>
      <StatGrid
        stats={[
          { label: 'Salary / total shares', value: formatInteger(player.total_shares) },
          { label: 'Retired on', value: formatDate(player.retiredAt!) },
          { label: 'Holders at retirement', value: <Link to={`/market/${player.id}/shareholders`}>{formatInteger(holders)}</Link> },
          { label: 'Last price', value: player.last_trade_price === null ? '—' : formatDollars(player.last_trade_price) },
        ]}
      />
      <ItemSections itemType="player" itemId={player.id} name={player.name} openMarket={0} detail={detail} retired />
    </>
  );
}

function PlayerDetail({ detail }: { detail: MarketDetail }) {
  if (detail.player.retiredAt !== null) return <RetiredPlayer detail={detail} />;
  return <ActivePlayer detail={detail} />;
}

function ActivePlayer({ detail }: { detail: MarketDetail }) {
  const { player } = detail;
  const { holding } = useSellable();
  const own = holding('player', player.id);
  const target = playerTarget(detail);
  const now = useNow();
  return (
    <>
      <PageTitle
        title={player.name}
        subtitle={
          <span className="with-face">
            <PlayerAvatar name={player.name} teamCode={player.team_code} size="md" />
            <span>{player.team_name}</span>
          </span>
        }
        actions={
          <>
            <Link className="button button-secondary button-small" to={`/market/${player.id}/shareholders`}>
              Shareholders
            </Link>
            <Link className="button button-secondary button-small" to="/market">
              Market
            </Link>
          </>
        }
      />
      {isRestricted(target, now) && player.restricted_until ? (
        <p className="notice notice-warning" role="note">
          Drafted rookie: until {formatDate(player.restricted_until)}, only shareholders of the {player.team_name} may buy his shares.
        </p>
      ) : null}
      <StatGrid
        stats={[
          { label: 'Salary / total shares', value: formatInteger(player.total_shares) },
          { label: 'Distributed', value: formatInteger(player.total_distributed) },
          { label: 'Remaining', value: formatInteger(player.shares_remaining), hint: 'at $1.00' },
          { label: 'Shareholders', value: <Link to={`/market/${player.id}/shareholders`}>{formatInteger(player.shareholder_count)}</Link> },
          { label: 'Last price', value: player.last_trade_price === null ? '—' : formatDollars(player.last_trade_price), hint: 'latest trade between fans' },
          { label: 'Mark', value: formatDollars(player.current_price), hint: 'what each share is worth' },
        ]}
      />
      <MarkNote mark={player.current_price} owned={player.owned} />
      <div className="detail-grid">
        <section className="card" aria-labelledby="buy-title">
          <h2 id="buy-title">Buy shares</h2>
          <BuyForm key={player.id} target={target} clamp notices={false} />
        </section>
        {own && own.shares > 0 ? (
          <HoldingCard itemType="player" itemId={player.id} itemName={player.name} holding={own} lastPrice={player.last_trade_price} />
        ) : null}
      </div>
      <ItemSections itemType="player" itemId={player.id} name={player.name} openMarket={player.shares_remaining} detail={detail} />
    </>
  );
}
