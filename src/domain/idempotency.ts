/**
 * Every action happens once (docs/rules.md "Every action happens once"): what a command sent with
 * an idempotency key does, decided from plain facts. The IETF httpapi Idempotency-Key draft's
 * semantics, as Stripe's API has them.
 */
import { IDEMPOTENCY_TEXT } from '../shared/texts.js';

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export { IDEMPOTENCY_TEXT };

/** What to do with a keyed command. */
export type KeyDecision =
  | { kind: 'run' }
  | { kind: 'replay'; answer: string }
  /** `in_flight`: the key's first call still runs (409); `reused`: the key came with another request (422). */
  | { kind: 'refuse'; reason: 'in_flight' | 'reused'; message: string };

export interface KeyFacts {
  /** The fingerprint of the call with this key that is still running, if one is. */
  running: string | null;
  /** The key's first answer, kept within the last 24 hours, if there is one. */
  stored: { fingerprint: string; answer: string } | undefined;
  /** The fingerprint of this request: its command and input. */
  fingerprint: string;
}

/**
 * A key never seen runs the command. A key whose first call still runs answers "wait" (409), even
 * once that call's effect is committed: its answer is given only once the commit is durable. A key
 * answered before gets that answer again. The same key with another request is refused (422).
 */
export function keyDecision({ running, stored, fingerprint }: KeyFacts): KeyDecision {
  const reused = { kind: 'refuse', reason: 'reused', message: IDEMPOTENCY_TEXT.reused } as const;
  if (running !== null) return running === fingerprint ? { kind: 'refuse', reason: 'in_flight', message: IDEMPOTENCY_TEXT.inFlight } : reused;
  if (stored) return stored.fingerprint === fingerprint ? { kind: 'replay', answer: stored.answer } : reused;
  return { kind: 'run' };
}
