import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  isTRPCClientError,
  splitLink,
  wsLink,
  type TRPCClient,
  type TRPCLink,
  type TRPCWebSocketClient,
} from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/routers/index.js';
import { isNoAnswer, reportNoAnswer } from '../pwa/connectivity';
import { forgetKeptAnswers, keepAnswer, keptAnswer, keptGeneration } from '../pwa/keptAnswers';
import { markKeptAnswer } from '../pwa/offlineAnswers';
import { answerOwner, offlineFallbackLink, type AnswerStore } from './offlineLink';

/**
 * The typed tRPC hooks for React. Pages use them like this:
 *
 *   const trpc = useTRPC();
 *   const me = useQuery(trpc.auth.me.queryOptions());
 *   const login = useMutation(trpc.auth.login.mutationOptions());
 *
 * Every query key starts with the key prefix of the provider it was made under (see leagueKeyPrefix),
 * so one query cache holds several leagues' answers without mixing them.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter, { keyPrefix: true }>();

export type AppTRPCClient = TRPCClient<AppRouter>;

export interface AppClients {
  client: AppTRPCClient;
  /** Closes the realtime connection of this client, if one was opened. */
  close(): void;
}

function wsUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/trpc`;
}

/** The key prefix of the queries made for the league `leagueId` (null: the session's current league). */
export function leagueKeyPrefix(leagueId: number | null): string {
  return leagueId === null ? 'league:current' : `league:${leagueId}`;
}

/** The browser's copy of the reads' answers (pwa/keptAnswers.ts), as the offline link uses it. */
const answerStore: AnswerStore = { generation: keptGeneration, keep: keepAnswer, find: keptAnswer };

/** Reads answered as changes to a list the page holds (features/market/api/useMarketPlayers.ts keeps the merged list itself). */
const ANSWERED_AS_CHANGES: ReadonlySet<string> = new Set(['market.playersSince']);

/** A read was answered from the kept copy: the server is out of reach (the offline notice shows), and the answer is dated. */
function onKeptAnswer(data: unknown, at: number): void {
  markKeptAnswer(data, at);
  reportNoAnswer();
}

/** Forgets every answer kept for offline use: the session on this device ended. */
export const forgetOfflineAnswers = forgetKeptAnswers;

/**
 * A tRPC client for one session (or for an anonymous visitor when `token` is null) and one league.
 * Queries and mutations go over HTTP with `Authorization: Bearer <token>` and `x-league-id`;
 * subscriptions go over one WebSocket that sends both as connection params. Without a league,
 * calls act on the session's current league. The WebSocket opens on the first subscription
 * (anonymous visitors use it for the home ticker) and is not in lazy mode: it stays open and
 * reconnects by itself. A new session or league gets a new client (see session.tsx, league.tsx).
 * Reads that get no answer at all are answered from the ones kept for `userId` in that league (offlineLink.ts).
 */
export function createClients(token: string | null, leagueId: number | null = null, userId: number | null = null): AppClients {
  let ws: TRPCWebSocketClient | null = null;
  let closed = false;
  const wsClient = (): TRPCWebSocketClient => {
    ws ??= createWSClient({
      url: wsUrl,
      connectionParams: () => {
        const params = { ...(token ? { token } : {}), ...(leagueId !== null ? { leagueId: String(leagueId) } : {}) };
        return Object.keys(params).length > 0 ? params : null;
      },
    });
    return ws;
  };
  // Each subscription asks for the shared WebSocket client when it starts.
  const realtimeLink: TRPCLink<AppRouter> = (runtime) => (ctx) => wsLink<AppRouter>({ client: wsClient() })(runtime)(ctx);

  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: realtimeLink,
        false: [
          offlineFallbackLink<AppRouter>({ owner: answerOwner(token, userId, leagueId), store: answerStore, changes: ANSWERED_AS_CHANGES, isNoAnswer, onKeptAnswer }),
          httpBatchLink({
            url: '/trpc',
            maxURLLength: 2000,
            headers: () => ({
              ...(token ? { Authorization: `Bearer ${token}` } : {}),
              ...(leagueId !== null ? { 'x-league-id': String(leagueId) } : {}),
            }),
          }),
        ],
      }),
    ],
  });

  return {
    client,
    close() {
      if (closed) return;
      closed = true;
      void ws?.close();
    },
  };
}

/**
 * The text to show a person for a failed call: the server's message when the server answered
 * (it is written for people), else the fallback of docs/screens.md §4 Texts (network down, server unreachable).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isTRPCClientError(error) && error.data && typeof error.message === 'string' && error.message.trim()) {
    return error.message;
  }
  return fallback;
}

/** Field-level messages the server sends for invalid input, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isTRPCClientError(error)) return {};
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'fieldErrors' in data) {
    const fields = (data as { fieldErrors: unknown }).fieldErrors;
    if (typeof fields === 'object' && fields !== null) return fields as Record<string, string>;
  }
  return {};
}

/** The tRPC error code of a failed call (e.g. 'UNAUTHORIZED'), or null. */
export function errorCode(error: unknown): string | null {
  if (!isTRPCClientError(error)) return null;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string') return data.code;
  return null;
}

/** The HTTP status of a failed call, or null when the server never answered. */
export function errorStatus(error: unknown): number | null {
  if (!isTRPCClientError(error)) return null;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'httpStatus' in data && typeof data.httpStatus === 'number') return data.httpStatus;
  return null;
}
