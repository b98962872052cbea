import type { Logger } from 'pino';
import type { UserRow, UsersRepo } from '../../db/repos/users.js';
import type { createResetTokensRepo } from '../../db/repos/sessions.js';
import { AUTH_TEXT, type AuthResult, type PublicUser } from '../../shared/schemas/auth.js';
import { AppError } from '../errors.js';
import type { Mailer } from '../mail.js';
import { hashEmail } from './email-hash.js';
import { hashPassword, verifyPassword } from './password.js';
import { createLimiter, type AuthRateLimits } from './rate-limits.js';
import type { SessionManager } from './sessions.js';
import { generateToken, hashToken } from './tokens.js';

const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface AuthDeps {
  users: UsersRepo;
  resetTokens: ReturnType<typeof createResetTokensRepo>;
  sessions: SessionManager;
  secret: string;
  mailer: Mailer;
  publicUrl: string;
  limits: AuthRateLimits;
  now: () => number;
  logger: Logger;
  /** Runs a synchronous function in one database transaction. */
  transaction: <T>(fn: () => T) => T;
  /** Makes a new account a member of the default league, with its starting cash there. */
  joinDefaultLeague: (user: UserRow) => void;
}

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, username: row.username, isAdmin: row.isAdmin, avatar: row.avatar };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Password reset (RULES.md, Accounts): the same answer whether the email is known or not; a link works once, within the hour, and ends every session. */
function passwordReset(deps: AuthDeps) {
  const { users, sessions, now } = deps;
  const limit = { resetIp: createLimiter(deps.limits.resetPerIp), resetAccount: createLimiter(deps.limits.resetPerAccount) };
  return {
    /** Always answers the same, whether the email belongs to an account or not. */
    async requestPasswordReset(email: string, ip: string): Promise<{ message: string }> {
      const emailHash = hashEmail(deps.secret, email);
      await limit.resetIp(ip);
      await limit.resetAccount(emailHash);
      const user = users.byEmailHash(emailHash);
      if (user) {
        const token = generateToken();
        deps.resetTokens.insert({ id: hashToken(token), userId: user.id, expiresAt: now() + RESET_TOKEN_LIFETIME_MS, usedAt: null });
        const link = `${deps.publicUrl}/reset-password?token=${token}`;
        // Mail is sent in the background so that the answer takes as long for known and unknown emails.
        deps.mailer.sendPasswordReset(email, link).catch((error: unknown) => {
          deps.logger.error({ err: error }, 'Could not send the password reset mail');
        });
      }
      return { message: AUTH_TEXT.resetRequested };
    },

    async resetPassword(input: { token: string; newPassword: string }): Promise<{ message: string }> {
      const passwordHash = await hashPassword(input.newPassword);
      const done = deps.transaction(() => {
        const row = deps.resetTokens.consume(hashToken(input.token), now());
        if (!row) return false;
        // Every other link of the account ends with this one, and so does every session.
        deps.resetTokens.deleteForUser(row.userId);
        users.setPasswordHash(row.userId, passwordHash);
        sessions.invalidateAllForUser(row.userId);
        return true;
      });
      if (!done) throw new AppError('BAD_REQUEST', AUTH_TEXT.invalidResetToken);
      return { message: AUTH_TEXT.passwordUpdated };
    },
  };
}

/** Registration, login and logout, and the password reset. */
export function createAuthService(deps: AuthDeps) {
  const { users, sessions, now } = deps;
  const limit = {
    loginIp: createLimiter(deps.limits.loginPerIp),
    loginAccount: createLimiter(deps.limits.loginPerAccount),
    registerIp: createLimiter(deps.limits.registerPerIp),
  };
  // Verifying against a real hash when the email is unknown keeps both failures equally slow.
  const dummyHash = hashPassword('not-a-real-password-' + generateToken());

  function conflictMessage(username: string, emailHash: string): string | null {
    if (users.byEmailHash(emailHash)) return AUTH_TEXT.emailTaken;
    if (users.byUsername(username)) return AUTH_TEXT.usernameTaken;
    return null;
  }

  function signIn(user: UserRow): AuthResult {
    const { token } = sessions.create(user.id);
    return { token, user: toPublicUser(user) };
  }

  return {
    async register(input: { username: string; email: string; password: string }, ip: string): Promise<AuthResult> {
      await limit.registerIp(ip);
      const emailHash = hashEmail(deps.secret, input.email);
      const early = conflictMessage(input.username, emailHash);
      if (early) throw new AppError('CONFLICT', early);
      const passwordHash = await hashPassword(input.password);
      try {
        return deps.transaction(() => {
          const user = users.insert({
            username: input.username,
            emailHash,
            passwordHash,
            isAdmin: false,
            avatar: null,
            // Cash is a league's: the account holds none.
            balanceCents: 0,
            createdAt: now(),
          });
          deps.joinDefaultLeague(user);
          return signIn(user);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', conflictMessage(input.username, emailHash) ?? AUTH_TEXT.usernameTaken);
        throw error;
      }
    },

    async login(input: { email: string; password: string }, ip: string): Promise<AuthResult> {
      const emailHash = hashEmail(deps.secret, input.email);
      await limit.loginIp(ip);
      await limit.loginAccount(emailHash);
      const user = users.byEmailHash(emailHash);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
      if (!user || !ok) throw new AppError('UNAUTHORIZED', AUTH_TEXT.invalidLogin);
      // Whoever knows the password has no use for pending reset links: end them, so none can be used later.
      return deps.transaction(() => {
        deps.resetTokens.deleteForUser(user.id);
        return signIn(user);
      });
    },

    logout(sessionId: string): void {
      sessions.invalidate(sessionId);
    },

    ...passwordReset(deps),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
