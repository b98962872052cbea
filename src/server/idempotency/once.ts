import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { IdempotencyKeysRepo } from '../../db/repos/idempotency-keys.js';
import { IDEMPOTENCY_KEY_TTL_MS, keyDecision } from '../../domain/idempotency.js';
import type { ExclusiveResult } from '../../engine/exchange.js';
import { AppError, codeOfRefusal, type AppErrorCode } from '../errors.js';

/**
 * Every action happens once (docs/architecture.md §3 "Idempotency keys"). A command that changes
 * something takes an optional idempotency key and runs through `once`, which
 *
 *   - answers a key already seen with the same request with its first answer (`replayed` is set, so
 *     REST adds `Idempotent-Replayed: true`), and changes nothing;
 *   - refuses a key seen with another request (422), or whose first call still runs (409);
 *   - otherwise runs the command, handing it `remember`, which the command calls with its answer
 *     INSIDE the transaction that makes its effect, so a crash can never keep the effect and lose
 *     the key. A refusal the command throws (an AppError: a rule of the game said no, nothing was
 *     done) is kept too; failures (bugs, a full disk) and "try again later" answers are not.
 *
 * Checks that are not the command's own (signed in, acting for oneself, input valid, rate limits)
 * come before `once`: their refusals are never kept. How to add a key to a new command:
 *
 *   - an account or league-management command (accounts database): `inAccounts(ctx, path, input, () => effect())`
 *   - a market command of the exchange: `tradeCommand` (routers/trade-command.ts) does it all
 *   - anything else: `once(ctx, { command: path, input, store }, (remember) => …)`, calling
 *     `remember` in the effect's transaction (`exchange.exclusive(change, remember)` for the writer)
 */

/** Where a command's effect is written, and so its key: the accounts database, or one league's file. */
export interface KeyStore {
  /** A name for the file (`accounts`, `league:7`): keys in flight are told apart by it. */
  readonly place: string;
  readonly repo: IdempotencyKeysRepo;
}

/** A command's answer as a key keeps it: the value the procedure returns, or the refusal it threw. */
export type Answer<T> = { ok: true; value: T } | { ok: false; code: AppErrorCode; message: string };

/** Keeps the answer under the call's key: call it inside the transaction that writes the effect. Null when the call has no key. */
export type Remember<T> = ((answer: Answer<T>) => void) | null;

/** What `once` needs of a call. */
export interface KeyedCall {
  user: { id: number };
  services: { now(): number; keysInFlight: Map<string, string> };
  /** Set when the answer is a replay (REST says so in a header). */
  idempotency: { replayed: boolean };
}

export interface KeyedRequest {
  /** The command: the procedure's path (`trade.buy`). */
  command: string;
  /** The procedure's input, its `idempotencyKey` included. */
  input: { idempotencyKey?: string | undefined };
  store: KeyStore;
}

/** Answers that are not the command's to keep: who the caller is, "slow down", "try again later". */
const NOT_KEPT = new Set<AppErrorCode>(['UNAUTHORIZED', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE']);

/** The same request, whatever the order of its fields: the command and its input without the key. */
export function fingerprintOf(command: string, input: object): string {
  const canonical = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
    if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value as Record<string, unknown>).filter(([k, v]) => v !== undefined && k !== 'idempotencyKey');
      return `{${entries
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
        .join(',')}}`;
    }
    return JSON.stringify(value) ?? 'null';
  };
  return createHash('sha256').update(command).update('\n').update(canonical(input)).digest('base64url');
}

function replay<T>(answer: string): T {
  const kept = JSON.parse(answer) as Answer<T>;
  if (kept.ok) return kept.value;
  throw new AppError(kept.code, kept.message);
}

/** Runs `run` at most once per idempotency key of the caller (see the top of this file). */
export async function once<T>(call: KeyedCall, request: KeyedRequest, run: (remember: Remember<T>) => T | Promise<T>): Promise<T> {
  const key = request.input.idempotencyKey;
  if (key === undefined) return run(null);
  const { store, command } = request;
  const userId = call.user.id;
  const fingerprint = fingerprintOf(command, request.input);
  const slot = `${store.place} ${userId} ${key}`;
  const inFlight = call.services.keysInFlight;
  const since = () => call.services.now() - IDEMPOTENCY_KEY_TTL_MS;

  const decision = keyDecision({ running: inFlight.get(slot) ?? null, stored: store.repo.find(userId, key, since()), fingerprint });
  if (decision.kind === 'refuse') throw new AppError(decision.reason === 'in_flight' ? 'CONFLICT' : 'UNPROCESSABLE_CONTENT', decision.message);
  if (decision.kind === 'replay') {
    call.idempotency.replayed = true;
    return replay<T>(decision.answer);
  }

  let remembered = false;
  const remember = (answer: Answer<T>) => {
    store.repo.record({ userId, key, command, fingerprint, answer: JSON.stringify(answer), createdAt: call.services.now() }, since());
    remembered = true;
  };
  inFlight.set(slot, fingerprint);
  try {
    return await run(remember);
  } catch (error) {
    // A refusal changed nothing: it is kept on its own (the effect's transaction, if any, rolled back).
    if (!remembered && error instanceof AppError && !NOT_KEPT.has(error.code)) remember({ ok: false, code: error.code, message: error.message });
    throw error;
  } finally {
    inFlight.delete(slot);
  }
}

/** Runs `effect` in one transaction of `db`, its answer kept under the call's key in the same transaction. */
export function inTransaction<T>(db: Db, effect: () => T, remember: Remember<T>): T {
  return db.$client.transaction(() => {
    const value = effect();
    remember?.({ ok: true, value });
    return value;
  })();
}

/** What `inAccounts` needs of a call: `once`'s, and the accounts database with its keys. */
export interface AccountsCall extends KeyedCall {
  services: KeyedCall['services'] & { accounts: Db; accountKeys: KeyStore };
}

/**
 * An account or league-management command (a username, an avatar, a push subscription, a league
 * created, joined or changed): `effect` runs in one transaction of the accounts database, its key
 * and answer written in that transaction. `effect` must be synchronous.
 */
export function inAccounts<T>(call: AccountsCall, command: string, input: KeyedRequest['input'], effect: () => T): Promise<T> {
  return once(call, { command, input, store: call.services.accountKeys }, (remember) => inTransaction(call.services.accounts, effect, remember));
}

/**
 * `remember` for a change of the league's writer (`exchange.exclusive`): its value shaped into the
 * procedure's answer, or its refusal as the error the client sees.
 */
export function rememberExclusive<V, T>(remember: Remember<T>, shape: (value: V) => T): ((result: ExclusiveResult<V>) => void) | undefined {
  if (!remember) return undefined;
  return (result) =>
    remember(result.ok ? { ok: true, value: shape(result.value) } : { ok: false, code: codeOfRefusal(result.error.code), message: result.error.message });
}
