import type { SessionsRepo } from '../../db/repos/sessions.js';
import { generateToken, hashToken } from './tokens.js';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY;
/** A session used within this much of its end is extended to a full lifetime again. */
const RENEW_WITHIN_MS = 15 * DAY;

export interface Session {
  id: string;
  userId: number;
  expiresAt: number;
  /** The league SPEC's paths act on for this session (null: the default league). */
  currentLeagueId: number | null;
}

/**
 * Sessions (docs/architecture.md §11). `ended` hears of every session this process ends (logout,
 * password reset, expiry found), so open connections of that user are judged again at once.
 */
export function createSessionManager(repo: SessionsRepo, now: () => number, ended: (userId: number) => void = () => undefined) {
  return {
    create(userId: number): { token: string; session: Session } {
      const token = generateToken();
      const session: Session = { id: hashToken(token), userId, expiresAt: now() + SESSION_LIFETIME_MS, currentLeagueId: null };
      repo.insert({ ...session, createdAt: now() });
      return { token, session };
    },
    /** The live session for a bearer token, renewed when close to its end; null when unknown or expired. */
    validate(token: string): Session | null {
      const row = repo.byId(hashToken(token));
      if (!row) return null;
      const t = now();
      if (row.expiresAt <= t) {
        repo.delete(row.id);
        ended(row.userId);
        return null;
      }
      let { expiresAt } = row;
      if (expiresAt - t < RENEW_WITHIN_MS) {
        expiresAt = t + SESSION_LIFETIME_MS;
        repo.extend(row.id, expiresAt);
      }
      return { id: row.id, userId: row.userId, expiresAt, currentLeagueId: row.currentLeagueId };
    },
    /** True while the session exists and has not expired (no renewal). */
    isLive(sessionId: string): boolean {
      const row = repo.byId(sessionId);
      return row !== undefined && row.expiresAt > now();
    },
    invalidate(sessionId: string): void {
      const row = repo.byId(sessionId);
      repo.delete(sessionId);
      if (row) ended(row.userId);
    },
    invalidateAllForUser(userId: number): void {
      repo.deleteAllForUser(userId);
      ended(userId);
    },
  };
}
export type SessionManager = ReturnType<typeof createSessionManager>;
