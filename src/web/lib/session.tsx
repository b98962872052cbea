import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthResult, PublicUser } from '../../shared/schemas/auth';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';
import { forgetOfflineAnswers, TRPCProvider } from './trpc';
import { useClients } from './useClients';
import { forgetPushSubscription } from '../pwa/pushSubscription';

/**
 * The session: token and user kept in localStorage (`hoops.token`, `hoops.user`), a tRPC client
 * for that session, and `useSession()` for components.
 */
export type SessionUser = PublicUser;

export interface Session {
  token: string | null;
  user: SessionUser | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  /** Saves the result of auth.login or auth.register: the visitor is now logged in. */
  login(result: AuthResult): void;
  /** Ends the session on the server (auth.logout), then forgets it here and empties the query cache and the answers kept for offline use. */
  logout(): Promise<void>;
  /** Forgets the session here only (it already ended on the server, e.g. it expired), with the query cache and the answers kept for offline use. */
  clear(): void;
  /** Keeps the stored user in step with the server (new avatar, new username). */
  updateUser(user: SessionUser): void;
}

const SessionContext = createContext<Session | null>(null);

function isPublicUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.username === 'string' && typeof v.isAdmin === 'boolean' && (v.avatar === null || typeof v.avatar === 'string');
}

interface Stored {
  token: string | null;
  user: SessionUser | null;
}

function readSession(): Stored {
  const token = readStorage(STORAGE_KEYS.token);
  let user: SessionUser | null = null;
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.user) ?? 'null');
    if (isPublicUser(parsed)) user = parsed;
  } catch {
    user = null;
  }
  // Both or neither: a token without a user (or the reverse) is no session.
  return token && user ? { token, user } : { token: null, user: null };
}

function writeSession({ token, user }: Stored): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
}

const sameUser = (a: SessionUser | null, b: SessionUser | null) =>
  a === b || (!!a && !!b && a.id === b.id && a.username === b.username && a.isAdmin === b.isAdmin && a.avatar === b.avatar);

/**
 * Holds the session and provides the tRPC client that belongs to it. When the token changes
 * (login, logout, expiry, another tab) everything below is mounted afresh with a new client, so
 * queries, subscriptions and the realtime connection all start again as the new visitor.
 * This client names no league: the pages get the client of the tab's league (league.tsx).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [stored, setStored] = useState<Stored>(readSession);
  const { token, user } = stored;

  const clients = useClients(token, null, user?.id ?? null);
  const clientsRef = useRef(clients);
  useEffect(() => {
    clientsRef.current = clients;
  }, [clients]);

  const apply = useCallback((next: Stored) => {
    writeSession(next);
    setStored(next);
  }, []);

  const login = useCallback(
    (result: AuthResult) => {
      queryClient.clear();
      apply({ token: result.token, user: result.user });
    },
    [apply, queryClient],
  );

  const clear = useCallback(() => {
    apply({ token: null, user: null });
    queryClient.clear();
    void forgetOfflineAnswers();
  }, [apply, queryClient]);

  const logout = useCallback(async () => {
    const { client } = clientsRef.current;
    // Notifications for this account stop on this device: the next person here is not told of its trades.
    await forgetPushSubscription((endpoint) => client.push.unsubscribe.mutate({ endpoint }));
    try {
      await client.auth.logout.mutate();
    } catch {
      // Already ended on the server, or the server is unreachable: forget it here anyway.
    }
    clear();
  }, [clear]);

  const updateUser = useCallback((next: SessionUser) => {
    setStored((current) => {
      if (!current.token || sameUser(current.user, next)) return current;
      const updated = { token: current.token, user: next };
      writeSession(updated);
      return updated;
    });
  }, []);

  // Another tab logged in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
      const next = readSession();
      setStored((current) => {
        if (current.token === next.token && sameUser(current.user, next.user)) return current;
        if (current.token !== next.token) {
          queryClient.clear();
          if (next.token === null) void forgetOfflineAnswers();
        }
        return next;
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const session = useMemo<Session>(
    () => ({
      token,
      user,
      isLoggedIn: token !== null && user !== null,
      isAdmin: user?.isAdmin === true,
      login,
      logout,
      clear,
      updateUser,
    }),
    [token, user, login, logout, clear, updateUser],
  );

  return (
    <SessionContext.Provider value={session}>
      <TRPCProvider key={token ?? 'anonymous'} trpcClient={clients.client} queryClient={queryClient} keyPrefix="session">
        {children}
      </TRPCProvider>
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <SessionProvider>');
  return session;
}
