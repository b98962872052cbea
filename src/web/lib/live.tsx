import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { LiveEvent, LiveTicker, LiveTrade } from '../../shared/live';
import type { CountsOut } from '../../shared/schemas/market';
import { COUNTS, countsFrom, EVERYTHING, eventPlan, InvalidationBatcher, PLAYERS_LIST, tickerPlan, type QueryFilter as PlanFilter } from '../../shared/live-plan';
import { invalidatePlan, patchPlan } from './invalidate';
import { useSession } from './session';
import { formatDollars } from './format';
import { NOTICE_LINK, orderFilledText, outbidText, retiredText } from './liveTexts';
import { useLeague } from './league';
import { useNavigate } from './leagueLinks';
import { inboxEntryPath } from '../../shared/inbox';
import { isForLeague } from './liveLeague';
import { useFollowPlayersChange } from './playersList';
import { useTRPC } from './trpc';
import type { Trade } from './apiTypes';

/**
 * The live feed (docs/api.md §4 Live events) for the whole app: the public ticker (`live.ticker`, trades gathered
 * per interval) and, when signed in, the user's events (`live.events`). Every message marks the
 * queries it makes out of date, so whatever is on screen refetches by itself; trades are kept for
 * the ticker, and a filled order of the user's shows a toast.
 * What each message makes stale is the shared plan of src/shared/live-plan.ts, gathered for a
 * moment and sent as one batch (a burst of fills refetches the market table once, not once per fill).
 */

/** How many live trades are kept for useLastTrades (the home page lists 10). */
const KEEP_TRADES = 10;
/** After the subscription fails, try again after this long. */
const RETRY_MS = 3000;

export type LiveStatus = 'connecting' | 'live' | 'offline';

interface LiveContextValue {
  /** The latest trades seen on the feed, newest first. */
  trades: readonly LiveTrade[];
  status: LiveStatus;
}

const LiveContext = createContext<LiveContextValue>({ trades: [], status: 'offline' });

/** Mount once, inside the session's tRPC provider (the layout does); a new session mounts a new one. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { isLoggedIn, user } = useSession();
  const { leagueId } = useLeague();
  const userId = user?.id ?? null;
  const navigate = useNavigate();
  const [trades, setTrades] = useState<readonly LiveTrade[]>([]);

  // Batched invalidation, by the plan the benchmark's clients follow too.
  const [batcher] = useState(
    () =>
      new InvalidationBatcher(
        (filters) => {
          invalidatePlan(queryClient, leagueId, filters);
        },
        { set: (fn, ms) => window.setTimeout(fn, ms), clear: (handle) => window.clearTimeout(handle as number), now: () => performance.now() },
      ),
  );
  const invalidate = useCallback((filters: readonly PlanFilter[]) => batcher.push(filters), [batcher]);
  const followPlayers = useFollowPlayersChange();
  useEffect(() => () => batcher.dispose(), [batcher]);

  const onTicker = useCallback(
    (ticker: LiveTicker) => {
      setTrades((current) => {
        const known = new Set(current.map((t) => t.tradeId));
        const fresh = ticker.trades.filter((t) => !known.has(t.tradeId)).reverse();
        return fresh.length === 0 ? current : [...fresh, ...current].slice(0, KEEP_TRADES);
      });
      invalidate(tickerPlan(ticker, userId));
      // The players list's changes come with the ticker: asked for only when they cannot be followed.
      if (ticker.players && !followPlayers(ticker.players)) invalidate([PLAYERS_LIST]);
    },
    [invalidate, followPlayers, userId],
  );

  const onEvent = useCallback(
    (event: LiveEvent, eventId: string) => {
      // The user's events of all their leagues come on one feed; this tab shows one league.
      if (!isForLeague(event, leagueId)) return;
      // A notice kept in the inbox links to its entry there.
      const entry = 'inboxId' in event && event.inboxId !== undefined ? event.inboxId : null;
      const options = {
        id: `live-${eventId}`,
        ...(entry === null ? {} : { action: { label: 'Inbox', onClick: () => navigate(inboxEntryPath(entry)) } }),
      };
      if (event.type === 'orderFilled') toast.success(orderFilledText(event), options);
      if (event.type === 'outbid') toast.info(outbidText(event), options);
      if (event.type === 'playerRetired') {
        toast.info(retiredText(event), { ...options, description: `${formatDollars(event.total_value)} paid to your cash.` });
      }
      if (event.type === 'notice') {
        const { title, body, url, kind } = event.notice;
        // A season's end links to its archive (its place is there); other notices to their inbox entry when kept.
        const link = kind === 'seasonEnded' || entry === null ? { label: NOTICE_LINK[kind], onClick: () => void navigate(url) } : options.action;
        toast.info(title, {
          ...options,
          description: body || undefined,
          action: link,
          // A season's end is worth a moment longer than the usual four seconds.
          duration: kind === 'seasonEnded' ? 12_000 : undefined,
        });
      }
      // Figures the event brings are set at once; what it makes stale is read again.
      const counts = countsFrom(event);
      if (counts) patchPlan<CountsOut>(queryClient, leagueId, COUNTS, (cached) => ({ ...cached, ...counts }));
      invalidate(eventPlan(event, userId));
    },
    [invalidate, userId, leagueId, navigate, queryClient],
  );

  // Back after a break: whatever the server could not replay is fetched again.
  const onBack = useCallback(() => invalidate(EVERYTHING), [invalidate]);
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
    const byId = new Map<number, LiveTrade | Trade>();
    for (const t of recent.data ?? []) byId.set(t.tradeId, t);
    for (const t of live) if (!byId.has(t.tradeId)) byId.set(t.tradeId, t);
    return [...byId.values()].sort((a, b) => b.tradeId - a.tradeId).slice(0, n);
  }, [recent.data, live, n]);
  // What QueryState reads: the trades once the first answer or a live trade came; until then the query's state.
  const known = recent.data !== undefined || live.length > 0;
  return {
    trades,
    data: known ? trades : undefined,
    error: known ? null : recent.error,
    fetchStatus: recent.fetchStatus,
    refetch: recent.refetch,
  };
}
