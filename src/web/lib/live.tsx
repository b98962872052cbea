import { useQuery, useQueryClient, type QueryFilters } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { LiveEvent, LiveTicker, LiveTrade } from '../../shared/live';
import { useSession } from './session';
import { formatDollars, formatInteger } from './format';
import { useTRPC } from './trpc';

/**
 * The live feed (SPEC.md §4) for the whole app: the public ticker (`live.ticker`, trades gathered
 * per interval) and, when signed in, the user's events (`live.events`). Every message marks the
 * queries it makes out of date, so whatever is on screen refetches by itself; trades are kept for
 * the ticker, and a filled order of the user's shows a toast.
 *
 * Events come in bursts (one buy can fill many sellers), so invalidations are gathered for a moment
 * and sent as one batch: the market table refetches once, not once per fill.
 */

/** How many live trades are kept for useLastTrades (the home page lists 10). */
const KEEP_TRADES = 10;
/** Invalidations within this many milliseconds are sent together. */
const BATCH_MS = 80;
/** After the subscription fails, try again after this long. */
const RETRY_MS = 3000;

export type LiveStatus = 'connecting' | 'live' | 'offline';

interface LiveContextValue {
  /** The latest trades seen on the feed, newest first. */
  trades: readonly LiveTrade[];
  status: LiveStatus;
}

const LiveContext = createContext<LiveContextValue>({ trades: [], status: 'offline' });

/** What the app shows about an order of the user's that someone filled. */
export function orderFilledText(event: Extract<LiveEvent, { type: 'orderFilled' }>): string {
  const shares = formatInteger(event.shares);
  const price = formatDollars(event.price_per_share);
  return event.side === 'ask'
    ? `Your ask for ${shares} shares of ${event.itemName} filled at ${price}`
    : `Your offer of ${shares} shares of ${event.itemName} sold at ${price}`;
}

/** What the app shows when someone bids more than the user's resting ask. */
export function outbidText(event: Extract<LiveEvent, { type: 'outbid' }>): string {
  return `You were outbid on ${event.itemName}: the best bid is now ${formatDollars(event.best_price)} (yours ${formatDollars(event.your_price)})`;
}

/** The query filters a kind of change makes stale. */
function useInvalidationPlan() {
  const trpc = useTRPC();
  return useMemo(() => {
    const market: QueryFilters[] = [trpc.market.pathFilter(), trpc.teams.pathFilter()];
    const portfolio: QueryFilters[] = [
      trpc.auth.me.pathFilter(),
      trpc.portfolio.pathFilter(),
      trpc.trades.user.pathFilter(),
      trpc.market.myOrders.pathFilter(),
      trpc.market.relevantAsks.pathFilter(),
    ];
    const trade = (t: LiveTrade): QueryFilters[] => [
      trpc.trades.recent.pathFilter(),
      trpc.market.players.pathFilter(),
      trpc.stats.pathFilter(),
      trpc.teams.list.pathFilter(),
      // Values of holdings follow the last trade price: the user box and every portfolio.
      trpc.auth.me.pathFilter(),
      trpc.portfolio.pathFilter(),
      ...(t.itemType === 'team'
        ? [trpc.teams.detail.queryFilter({ teamId: t.playerId })]
        : [trpc.market.detail.queryFilter({ playerId: t.playerId }), trpc.market.shareholders.queryFilter({ id: t.playerId })]),
    ];
    return { market, portfolio, trade };
  }, [trpc]);
}

/** Mount once, inside the session's tRPC provider (the layout does); a new session mounts a new one. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const plan = useInvalidationPlan();
  const { isLoggedIn } = useSession();
  const [trades, setTrades] = useState<readonly LiveTrade[]>([]);

  // Batched invalidation.
  const pending = useRef<QueryFilters[]>([]);
  const timer = useRef<number | null>(null);
  const invalidate = useCallback(
    (filters: QueryFilters[]) => {
      pending.current.push(...filters);
      if (timer.current !== null) return;
      timer.current = window.setTimeout(() => {
        timer.current = null;
        const batch = pending.current;
        pending.current = [];
        const seen = new Set<string>();
        for (const filter of batch) {
          const key = JSON.stringify(filter.queryKey ?? null);
          if (seen.has(key)) continue;
          seen.add(key);
          void queryClient.invalidateQueries(filter);
        }
      }, BATCH_MS);
    },
    [queryClient],
  );
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const onTicker = useCallback(
    (ticker: LiveTicker) => {
      setTrades((current) => {
        const known = new Set(current.map((t) => t.tradeId));
        const fresh = ticker.trades.filter((t) => !known.has(t.tradeId)).reverse();
        return fresh.length === 0 ? current : [...fresh, ...current].slice(0, KEEP_TRADES);
      });
      for (const t of ticker.trades) invalidate(plan.trade(t));
      // Trades the message only counted may be of any player or team.
      if (ticker.skipped > 0) invalidate([...plan.market, ...plan.portfolio]);
    },
    [invalidate, plan],
  );

  const onEvent = useCallback(
    (event: LiveEvent, eventId: string) => {
      switch (event.type) {
        case 'marketUpdated':
        case 'offersUpdated':
        case 'asksUpdated':
          invalidate(plan.market);
          break;
        case 'portfolioUpdated':
          invalidate(plan.portfolio);
          break;
        case 'orderFilled':
          toast.success(orderFilledText(event), { id: `live-${eventId}` });
          invalidate([...plan.portfolio, ...plan.market]);
          break;
        case 'outbid':
          toast.info(outbidText(event), { id: `live-${eventId}` });
          break;
      }
    },
    [invalidate, plan],
  );

  // Back after a break: whatever the server could not replay is fetched again.
  const onBack = useCallback(() => invalidate([{}]), [invalidate]);
  const ticker = useResumableFeed((input, callbacks) => trpc.live.ticker.subscriptionOptions(input, callbacks), onTicker, onBack, true);
  useResumableFeed((input, callbacks) => trpc.live.events.subscriptionOptions(input, callbacks), onEvent, onBack, isLoggedIn);

  const value = useMemo(() => ({ trades, status: ticker }), [trades, ticker]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

type FeedInput = { lastEventId: string } | undefined;
interface FeedCallbacks<T> {
  enabled: boolean;
  onStarted: () => void;
  onData: (tracked: { id: string; data: T }) => void;
}

/**
 * One live subscription that, after a failure, subscribes again from the id of the last message
 * it received (so the server replays what was missed). Returns the connection's status.
 */
function useResumableFeed<T, E>(
  options: (input: FeedInput, callbacks: FeedCallbacks<T>) => Parameters<typeof useSubscription<{ id: string; data: T }, E>>[0],
  onMessage: (data: T, id: string) => void,
  onBack: () => void,
  enabled: boolean,
): LiveStatus {
  const lastId = useRef<string | null>(null);
  const [resumeFrom, setResumeFrom] = useState<string | null>(null);
  const started = useRef(0);
  const onStarted = useCallback(() => {
    started.current += 1;
    if (started.current > 1) onBack();
  }, [onBack]);
  const onData = useCallback(
    (tracked: { id: string; data: T }) => {
      lastId.current = tracked.id;
      onMessage(tracked.data, tracked.id);
    },
    [onMessage],
  );
  // The callbacks read refs when messages arrive, never during render.
  // eslint-disable-next-line react-hooks/refs
  const subscription = useSubscription(options(resumeFrom ? { lastEventId: resumeFrom } : undefined, { enabled, onStarted, onData }));

  const failed = subscription.status === 'error';
  useEffect(() => {
    if (!failed) return;
    const retry = window.setTimeout(() => {
      if (lastId.current && lastId.current !== resumeFrom) setResumeFrom(lastId.current);
      else subscription.reset();
    }, RETRY_MS);
    return () => window.clearTimeout(retry);
  }, [failed, resumeFrom, subscription]);

  return subscription.status === 'pending' ? 'live' : failed ? 'offline' : 'connecting';
}

export function useLiveStatus(): LiveStatus {
  return useContext(LiveContext).status;
}

/**
 * The latest `n` trades, newest first: the server's recent trades (trades.recent), with the trades
 * of the live feed on top as soon as they arrive.
 */
export function useLastTrades(n: number) {
  const trpc = useTRPC();
  const live = useContext(LiveContext).trades;
  const recent = useQuery(trpc.trades.recent.queryOptions({ limit: n }));
  const trades = useMemo(() => {
    const byId = new Map<number, LiveTrade>();
    for (const t of recent.data ?? []) byId.set(t.tradeId, t);
    for (const t of live) if (!byId.has(t.tradeId)) byId.set(t.tradeId, t);
    return [...byId.values()].sort((a, b) => b.tradeId - a.tradeId).slice(0, n);
  }, [recent.data, live, n]);
  return {
    trades,
    isLoading: recent.isPending && live.length === 0,
    isError: recent.isError && live.length === 0,
    refetch: recent.refetch,
  };
}
