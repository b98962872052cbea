import type { EndSeasonResult, SeasonArchiveOut, SeasonList } from '../../shared/schemas/seasons';

/**
 * A league's seasons by its id over the REST paths (`/api/leagues/{id}/seasons…`), for pages that
 * name their league in the address (`/l/{slug}/…`) whichever league the session is in.
 */
async function call<T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(json.error ?? `Request failed (${res.status})`);
  return json;
}

export const seasonsApi = {
  list: (leagueId: number, token: string | null) => call<SeasonList>('GET', `/leagues/${leagueId}/seasons`, token),
  archive: (leagueId: number, season: number, token: string | null) => call<SeasonArchiveOut>('GET', `/leagues/${leagueId}/seasons/${season}`, token),
  end: (leagueId: number, confirm: string, season: number, token: string | null) =>
    call<EndSeasonResult>('POST', `/leagues/${leagueId}/seasons/end`, token, { confirm, season }),
};

export const seasonPath = (slug: string, season?: number): string => `/l/${encodeURIComponent(slug)}/seasons${season === undefined ? '' : `/${season}`}`;
