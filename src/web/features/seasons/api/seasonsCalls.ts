import type { ScheduleSeasonResult } from '../../../../shared/schemas/seasons';

/** PATCH /api/leagues/{id}/seasons/current: when the running season ends by itself (null: it does not). */
export async function scheduleSeason(leagueId: number, endsAt: string | null, token: string | null, idempotencyKey: string): Promise<ScheduleSeasonResult> {
  const res = await fetch(`/api/leagues/${leagueId}/seasons/current`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ endsAt, idempotencyKey }),
  });
  const json = (await res.json().catch(() => ({}))) as ScheduleSeasonResult & { error?: string };
  if (!res.ok) throw new Error(json.error ?? `The end time could not be saved (${res.status})`);
  return json;
}
