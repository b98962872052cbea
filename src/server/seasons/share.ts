import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The keys of a season recap's share link (docs/seasons.md, "Sharing"): an invite-only league's
 * recap card and Open Graph tags are served to whoever has the link with its key (a group chat's
 * preview fetches it signed out), and to nobody else. A key is an HMAC of the league and season
 * with the server's secret: it never changes, and it opens that one season's recap only.
 */
export function createShareKeys(secret: string) {
  const key = (leagueId: number, season: number): string =>
    createHmac('sha256', secret).update(`season-recap:${leagueId}:${season}`).digest('base64url').slice(0, 22);
  return {
    key,
    valid(leagueId: number, season: number, given: string | null | undefined): boolean {
      if (!given) return false;
      const want = Buffer.from(key(leagueId, season));
      const got = Buffer.from(given);
      return got.length === want.length && timingSafeEqual(got, want);
    },
  };
}
export type ShareKeys = ReturnType<typeof createShareKeys>;
