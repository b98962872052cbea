import { useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMarketPlayers } from './api/useMarketPlayers';
import { EmptyState } from '../../components/EmptyState';
import { GlanceStrips } from './components/GlanceStrips';
import { MarketFilters, filtersOf, matchesFilters, type MarketFilterState } from './components/MarketFilters';
import { MarketTable, type MarketRow } from './components/MarketTable';
import { PageTitle } from '../../components/PageTitle';
import { SearchBox } from '../../components/SearchBox';
import { QueryState } from '../../components/QueryState';
import { BuyModal } from '../../components/trade/BuyModal';
import type { Player } from '../../lib/apiTypes';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { LOAD_FAILED } from '../../../shared/texts';
import { ChatShortcut, WithChatPanel } from '../chat/components/ChatPanel';
import { isStarred, useWatchlist } from '../watchlist/useWatchlist';

/** The sorts the address may say (`?sort=change:desc`); anything else is the default, by name. */
const SORTABLE = new Set([
  'name',
  'team_name',
  'total_shares',
  'total_distributed',
  'shares_remaining',
  'shareholder_count',
  'owned',
  'last_trade_price',
  'change',
]);
const DEFAULT_SORT: SortingState = [{ id: 'name', desc: false }];

function sortingOf(params: URLSearchParams): SortingState {
  const [id, way] = (params.get('sort') ?? '').split(':');
  return id && SORTABLE.has(id) ? [{ id, desc: way === 'desc' }] : DEFAULT_SORT;
}

/** The glance's sparklines move every 4 hours with no trade: read again now and then while the page is open. */
const GLANCE_REFRESH_MS = 5 * 60_000;

/**
 * /market: the market at a glance (top movers, most traded today, most held), then every player
 * with his 24-hour change and week, searchable, filtered and sortable, with a buy modal. Filters and
 * the sort live in the address, so a reload or a shared link keeps them.
 */
export default function MarketPage() {
  const trpc = useTRPC();
  const { isLoggedIn } = useSession();
  const players = useMarketPlayers();
  const glance = useQuery({ ...trpc.market.glance.queryOptions(), refetchInterval: GLANCE_REFRESH_MS });
  const { starred } = useWatchlist(isLoggedIn);
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params, isLoggedIn);
  const sorting = sortingOf(params);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [buying, setBuying] = useState<{ id: number; name: string } | null>(null);
  const onBuy = useCallback((p: Player) => setBuying({ id: p.id, name: p.name }), []);

  const change = (update: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        update(next);
        return next;
      },
      { replace: true },
    );
  const onFilters = (next: MarketFilterState) =>
    change((p) => {
      for (const [name, value] of [
        ['team', next.team],
        ['conf', next.conference],
        ['watch', next.watchlist ? '1' : ''],
        ['held', next.held ? '1' : ''],
      ] as const) {
        if (value) p.set(name, value);
        else p.delete(name);
      }
    });
  const onSorting = (next: SortingState) =>
    change((p) => {
      const first = next[0];
      if (!first || (first.id === 'name' && !first.desc)) p.delete('sort');
      else p.set('sort', `${first.id}:${first.desc ? 'desc' : 'asc'}`);
    });

  const trends = useMemo(() => {
    const byId = new Map<number, { change_bp: number; spark: readonly number[] }>();
    for (const r of glance.data?.rows ?? []) if (r.kind === 'player') byId.set(r.id, { change_bp: r.change_bp, spark: r.spark_cents });
    return byId;
  }, [glance.data]);
  const rows = useMemo<MarketRow[]>(
    () =>
      (players.data ?? []).map((p) => {
        const trend = trends.get(p.id);
        return { ...p, change_bp: trend?.change_bp ?? 0, spark: trend?.spark ?? [], starred: isStarred(starred, 'player', p.id) };
      }),
    [players.data, trends, starred],
  );
  const shown = useMemo(() => rows.filter((r) => matchesFilters(r, filters)), [rows, filters]);

  return (
    <WithChatPanel>
      <PageTitle
        title="Market"
        subtitle="Every player’s shares: unclaimed shares cost $1.00 on the open market; once all are owned, bid and holders sell at their price."
        actions={<ChatShortcut />}
      />
      {glance.data ? <GlanceStrips glance={glance.data} /> : null}
      <div className="toolbar">
        <SearchBox label="Search players" value={search} onChange={setSearch} placeholder="Name or team" />
      </div>
      <MarketFilters value={filters} onChange={onFilters} loggedIn={isLoggedIn} />
      <QueryState
        query={players}
        loading="Loading players…"
        failed={LOAD_FAILED.players}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState title="No players on the market yet">
            <p>Players appear here once the league is loaded.</p>
          </EmptyState>
        }
      >
        {() => (
          <MarketTable
            players={shown}
            total={rows.length}
            emptyHint={
              filters.watchlist
                ? 'Star a player with ☆ to add him to your watchlist, or clear the filters.'
                : filters.held
                  ? 'You hold no player that matches: clear the filters to see them all.'
                  : 'Clear the filters to see every player.'
            }
            sorting={sorting}
            onSortingChange={onSorting}
            search={deferredSearch}
            onBuy={onBuy}
            loggedIn={isLoggedIn}
          />
        )}
      </QueryState>
      <BuyModal itemType="player" item={buying} onClose={() => setBuying(null)} />
    </WithChatPanel>
  );
}
