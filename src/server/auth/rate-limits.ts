import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AUTH_TEXT } from '../../shared/schemas/auth.js';
import { AppError } from '../errors.js';

export interface Limit {
  points: number;
  durationSeconds: number;
}

export interface AuthRateLimits {
  loginPerIp: Limit;
  loginPerAccount: Limit;
  registerPerIp: Limit;
  resetPerIp: Limit;
  resetPerAccount: Limit;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { points: 30, durationSeconds: 60 },
  loginPerAccount: { points: 10, durationSeconds: 15 * 60 },
  registerPerIp: { points: 10, durationSeconds: 60 * 60 },
  resetPerIp: { points: 10, durationSeconds: 15 * 60 },
  resetPerAccount: { points: 3, durationSeconds: 60 * 60 },
};

export type Limiter = (key: string) => Promise<void>;

/** Orders one user may send: a burst of 30 within 5 seconds, far above what a person clicks. */
export const DEFAULT_ORDER_RATE_LIMIT: Limit = { points: 30, durationSeconds: 5 };
export const ORDER_RATE_MESSAGE = 'Too many orders in a short time. Please wait a few seconds and try again.';

/** `onLimited` hears each refusal (monitoring). */
export function createLimiter(limit: Limit, message: string = AUTH_TEXT.tooManyRequests, onLimited?: () => void): Limiter {
  const limiter = new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds });
  return async (key) => {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        onLimited?.();
        throw new AppError('TOO_MANY_REQUESTS', message);
      }
      throw error;
    }
  };
}
