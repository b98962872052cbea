import { useEffect, useMemo } from 'react';
import { createClients, type AppClients } from './trpc';

/** Pending closes of clients no longer in use (see useClients). */
const closeTimers = new WeakMap<AppClients, number>();

/**
 * The tRPC client of one session (its user: whose kept answers it may use offline) and league, made afresh when either changes. The realtime
 * connection of a client no longer in use is closed; deferred, so that React's development
 * double-mount does not close the connection of the client still in use.
 */
export function useClients(token: string | null, leagueId: number | null, userId: number | null): AppClients {
  const clients = useMemo<AppClients>(() => createClients(token, leagueId, userId), [token, leagueId, userId]);
  useEffect(() => {
    const pending = closeTimers.get(clients);
    if (pending !== undefined) {
      window.clearTimeout(pending);
      closeTimers.delete(clients);
    }
    return () => {
      closeTimers.set(
        clients,
        window.setTimeout(() => {
          closeTimers.delete(clients);
          clients.close();
        }, 0),
      );
    };
  }, [clients]);
  return clients;
}
