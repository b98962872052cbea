import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ExchangeRefusal } from '../engine/commands.js';

export type AppErrorCode = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE';

/** An error whose message is meant for the person who made the request. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const INTERNAL_MESSAGE = 'Something went wrong on the server. Please try again.';

/** The one place where errors become what a client may see: known ones keep their text, others become a generic message. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError || error.cause instanceof ExchangeRefusal) return toTRPCError(error.cause);
    if (error.code === 'INTERNAL_SERVER_ERROR') return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause: error });
    return error;
  }
  if (error instanceof AppError || error instanceof ExchangeRefusal) return new TRPCError({ code: error.code as TRPC_ERROR_CODE_KEY, message: error.message });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause: error });
}
