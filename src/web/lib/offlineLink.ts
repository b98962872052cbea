import { hashKey } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';

/**
 * The tRPC link that lets a page opened without a network show what it last had. Every answer to
 * a read (`query`) is kept (with when it came); when a read fails because nothing answered at all
 * (the network is down, the server is out of reach), the kept answer, if any, is given instead, and
 * reported as such (onKeptAnswer). An answer from the server, an error included (4xx, 5xx), always
 * goes through as it is: kept answers are never used while the server answers. Mutations and
 * subscriptions pass through untouched.
 */

/** Whose answers these are: a signed-in user's (or an anonymous visitor's) in one league (null: the session's current one). */
export interface AnswerOwner {
  userId: number | null;
  leagueId: number | null;
}

/** Whose answers a client's are: the signed-in user's when it has a token, else an anonymous visitor's. */
export function answerOwner(token: string | null, userId: number | null, leagueId: number | null): AnswerOwner {
  return { userId: token ? userId : null, leagueId };
}

/** Where answers are kept (pwa/keptAnswers.ts). */
export interface AnswerStore {
  /** A mark taken when a read is sent, given back to keep: answers asked for before the store was emptied are dropped. */
  generation(): number;
  keep(key: string, data: unknown, at: number, generation: number): Promise<void>;
  find(key: string): Promise<{ data: unknown; at: number } | null>;
}

export interface OfflineLinkOptions {
  owner: AnswerOwner;
  /** Reads whose answers are changes to what the client holds, not whole: neither kept nor answered from the copy. */
  changes?: ReadonlySet<string>;
  store: AnswerStore;
  /** Whether a failed call got no answer at all (pwa/connectivity.ts's isNoAnswer). */
  isNoAnswer(error: unknown): boolean;
  /** A read was answered from the kept answers: `data` came at `at`. */
  onKeptAnswer(data: unknown, at: number): void;
  now?: () => number;
}

/** The app's build: an answer kept by another build may have another shape, so it is never used. */
const BUILD = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev';

/** The key of one read's answer: the build, user, league, procedure and input (its keys in a stable order). */
export function keptAnswerKey(owner: AnswerOwner, path: string, input: unknown): string {
  return hashKey([BUILD, owner.userId ?? 'anonymous', owner.leagueId ?? 'current', path, input ?? null]);
}

export function offlineFallbackLink<TRouter extends AnyRouter>({
  owner,
  store,
  isNoAnswer,
  onKeptAnswer,
  changes = new Set(),
  now = Date.now,
}: OfflineLinkOptions): TRPCLink<TRouter> {
  return () =>
    ({ op, next }) => {
      if (op.type !== 'query' || changes.has(op.path)) return next(op);
      const key = keptAnswerKey(owner, op.path, op.input);
      const generation = store.generation();
      return observable((observer) => {
        let done = false;
        const subscription = next(op).subscribe({
          next(envelope) {
            const { result } = envelope;
            if ('data' in result && result.data !== undefined) void store.keep(key, result.data, now(), generation);
            observer.next(envelope);
          },
          error(error) {
            if (!isNoAnswer(error)) {
              observer.error(error);
              return;
            }
            void store.find(key).then((kept) => {
              if (done) return;
              if (!kept) {
                observer.error(error);
                return;
              }
              onKeptAnswer(kept.data, kept.at);
              observer.next({ result: { type: 'data', data: kept.data } });
              observer.complete();
            });
          },
          complete() {
            observer.complete();
          },
        });
        return () => {
          done = true;
          subscription.unsubscribe();
        };
      });
    };
}
