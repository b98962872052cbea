import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { CHAT_RATE_LIMIT, CHAT_TEXT } from '../../shared/chat.js';
import type { Limit } from '../auth/rate-limits.js';
import { AppError } from '../errors.js';

/**
 * Messages one member may post in a league: at most CHAT_RATE_LIMIT's points in each window of its
 * seconds. A refusal says when the member can post again.
 */
export function createChatLimiter(limit: Limit = { points: CHAT_RATE_LIMIT.points, durationSeconds: CHAT_RATE_LIMIT.durationSeconds }, onLimited?: () => void) {
  const limiter = new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds });
  return async (leagueId: number, userId: number): Promise<void> => {
    try {
      await limiter.consume(`${leagueId}:${userId}`);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        onLimited?.();
        throw new AppError('TOO_MANY_REQUESTS', CHAT_TEXT.tooFast(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
      }
      throw error;
    }
  };
}
export type ChatLimiter = ReturnType<typeof createChatLimiter>;
