import { TRPCError } from '@trpc/server';
import type { MarketErrorCode, Refusal } from '../domain/market/refusal.js';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/**
 * An error whose message is meant for the person who made the request. It is a TRPCError with its
 * code, so tRPC passes it on as it is (instead of wrapping it and copying its formatted stack). It
 * is an answer, not a bug, so no stack trace is captured (every refused order made one).
 */
export class AppError extends TRPCError {
  declare readonly code: AppErrorCode;
  constructor(code: AppErrorCode, message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super({ code, message });
    Error.stackTraceLimit = limit;
  }
}

/**
 * The one table from the game's refusals to what they mean over the wire: a tRPC code, and so an
 * HTTP status (tRPC's and the REST shim's alike). Every code is listed: a new one must be placed.
 */
const REFUSAL_CODES: Record<MarketErrorCode, AppErrorCode> = {
  invalid_shares: 'BAD_REQUEST',
  invalid_price: 'BAD_REQUEST',
  invalid_amount: 'BAD_REQUEST',
  invalid_salary: 'BAD_REQUEST',
  duplicate_order_id: 'BAD_REQUEST',
  insufficient_cash: 'BAD_REQUEST',
  insufficient_shares: 'BAD_REQUEST',
  nothing_to_sell: 'BAD_REQUEST',
  own_ask: 'BAD_REQUEST',
  own_offer: 'BAD_REQUEST',
  no_holding: 'BAD_REQUEST',
  open_order_limit: 'BAD_REQUEST',
  conference_taken: 'BAD_REQUEST',
  team_locked: 'BAD_REQUEST',
  retired: 'BAD_REQUEST',
  instrument_not_found: 'NOT_FOUND',
  user_not_found: 'NOT_FOUND',
  order_not_found: 'NOT_FOUND',
  ask_not_found: 'NOT_FOUND',
  offer_not_found: 'NOT_FOUND',
  not_your_ask: 'FORBIDDEN',
  not_your_offer: 'FORBIDDEN',
  rookie_restricted: 'FORBIDDEN',
  not_member: 'FORBIDDEN',
  order_not_open: 'CONFLICT',
  draft_too_soon: 'CONFLICT',
  unavailable: 'SERVICE_UNAVAILABLE',
};

export const codeOfRefusal = (code: MarketErrorCode): AppErrorCode => REFUSAL_CODES[code];

/** A refusal of the game as the error the client sees, with its message. */
export const refusalError = (refusal: Refusal): AppError => new AppError(codeOfRefusal(refusal.code), refusal.message);

/** The value of an answer that may be a refusal; a refusal is thrown as its error. */
export function valueOrRefusal<T>(answer: { ok: true; value: T } | { ok: false; error: Refusal }): T {
  if (!answer.ok) throw refusalError(answer.error);
  return answer.value;
}

const INTERNAL_MESSAGE = 'Something went wrong on the server. Please try again.';

/** SQLite failures that mean "cannot save now", not "bug": the request changed nothing and may be retried. */
function storageMessage(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL') return 'The game cannot save right now because its disk is full. Nothing was changed; please try again later.';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'The game is busy saving. Nothing was changed; please try again.';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN') {
    return 'The game cannot save right now. Nothing was changed; please try again later.';
  }
  return null;
}

/** The one place where errors become what a client may see: known ones keep their text, others become a generic message. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return toTRPCError(error.cause);
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      const storage = storageMessage(error.cause);
      if (storage) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: storage, cause: error.cause });
      return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause: error });
    }
    return error;
  }
  const storage = storageMessage(error);
  if (storage) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: storage, cause: error });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause: error });
}
