import type { EndSeasonResult, ScheduleSeasonResult, SeasonArchiveOut, SeasonList } from '../../shared/schemas/seasons';
import { CommandError } from './useCommand';

/**
 * A league's seasons by its id over the REST paths (`/api/leagues/{id}/seasons…`), for pages that
 * name their league in the address (`/l/{slug}/…`) whichever league the session is in.
 */
async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, token: string | null, body?: unknown, idempotencyKey?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new CommandError('The game could not be reached. Check your connection and try again.', null);
  }
  const json = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new CommandError(json.error ?? `Request failed (${res.status})`, res.status);
  return json;
}

export const seasonsApi = {
  list: (leagueId: number, token: string | null) => call<SeasonList>('GET', `/leagues/${leagueId}/seasons`, token),
  archive: (leagueId: number, season: number, token: string | null) => call<SeasonArchiveOut>('GET', `/leagues/${leagueId}/seasons/${season}`, token),
  end: (leagueId: number, confirm: string, season: number, token: string | null, idempotencyKey?: string) =>
    call<EndSeasonResult>('POST', `/leagues/${leagueId}/seasons/end`, token, { confirm, season }, idempotencyKey),
  /** When the running season ends by itself (null: it does not). */
  schedule: (leagueId: number, endsAt: string | null, token: string | null, idempotencyKey?: string) =>
    call<ScheduleSeasonResult>('PATCH', `/leagues/${leagueId}/seasons/current`, token, { endsAt }, idempotencyKey),
};

export const seasonPath = (slug: string, season?: number): string => `/l/${encodeURIComponent(slug)}/seasons${season === undefined ? '' : `/${season}`}`;
