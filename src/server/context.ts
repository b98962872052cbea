import type { UserRow } from '../db/repos/users.js';
import type { AppServices } from './services.js';
import type { Session } from './auth/sessions.js';

export interface Context {
  services: AppServices;
  user: UserRow | null;
  session: Session | null;
  /** The client's address, for rate limits. */
  ip: string;
}

/** Reads `Bearer <token>` from an Authorization header value. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+([A-Za-z0-9]{16,128})\s*$/i);
  return match?.[1] ?? null;
}

export function createContextFor(services: AppServices, token: string | null, ip: string): Context {
  const session = token ? services.sessions.validate(token) : null;
  const user = session ? (services.users.byId(session.userId) ?? null) : null;
  return { services, user, session: user ? session : null, ip };
}
