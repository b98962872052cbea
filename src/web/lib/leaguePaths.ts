import type { To } from 'react-router';
import { firstSegment, isLeaguePage, leaguePath, parseLeaguePath } from '../../shared/league-paths';

export { isLeaguePage, leaguePath, parseLeaguePath, type LeagueLocation } from '../../shared/league-paths';

/** leaguePath for everything react-router accepts as a link target. */
export function leagueTo(slug: string | null, to: To): To {
  if (typeof to === 'string') return leaguePath(slug, to);
  if (to.pathname === undefined) return to;
  return { ...to, pathname: leaguePath(slug, to.pathname) };
}

/**
 * Where a tab goes after switching league from the page at `pathname`: the same kind of page in
 * the new league, without the prefix (the new league is now the tab's own). A person's portfolio
 * becomes the leaderboard (they may not play there), and pages of no league become the home page.
 */
export function pathAfterSwitch(pathname: string): string {
  const { rest } = parseLeaguePath(pathname);
  const section = firstSegment(rest);
  if (section === 'public') return '/leaderboard';
  if (section === 'settings' || !isLeaguePage(rest)) return '/';
  return rest;
}
