import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ExchangeRefusal } from '../engine/commands.js';

export type AppErrorCode = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE';

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
    if (error.cause instanceof AppError || error.cause instanceof ExchangeRefusal) return toTRPCError(error.cause);
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      const storage = storageMessage(error.cause);
      if (storage) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: storage, cause: error.cause });
      return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause: error });
    }
    return error;
  }
  if (error instanceof ExchangeRefusal) return new TRPCError({ code: error.code as TRPC_ERROR_CODE_KEY, message: error.message });
  const storage = storageMessage(error);
  if (storage) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: storage, cause: error });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause: error });
}
