/**
 * Whether a live event concerns the shown league. Events name their league (`leagueId`); one that
 * names none, or a tab whose league is not known, takes it as the shown league's.
 */
export function isForLeague(event: object, shownLeagueId: number | null): boolean {
  const leagueId = 'leagueId' in event ? event.leagueId : undefined;
  return typeof leagueId !== 'number' || shownLeagueId === null || leagueId === shownLeagueId;
}
