import { useCallback } from 'react';
import {
  Link as RouterLink,
  Navigate as RouterNavigate,
  NavLink as RouterNavLink,
  useNavigate as useRouterNavigate,
  type LinkProps,
  type NavigateOptions,
  type NavigateProps,
  type NavLinkProps,
  type To,
} from 'react-router';
import { useLeague } from './league';
import { leaguePath, leagueTo } from './leaguePaths';

/**
 * react-router's links and navigation, kept inside the league the address names: on
 * `/l/{slug}/…`, a link to "/market" goes to "/l/{slug}/market". The app links with these.
 */

/** The address of a page of the shown league. */
export function useLeaguePath(): (path: string) => string {
  const { slug } = useLeague();
  return useCallback((path: string) => leaguePath(slug, path), [slug]);
}

/**
 * The address to share for a page of the shown league: it names the league unless that is the
 * default league, so whoever opens it sees the same league.
 */
export function useShareablePath(): (path: string) => string {
  const { slug, league } = useLeague();
  const named = slug ?? (league && !league.isDefault ? league.slug : null);
  return useCallback((path: string) => leaguePath(named, path), [named]);
}

export function Link({ to, ...props }: LinkProps) {
  const { slug } = useLeague();
  return <RouterLink to={leagueTo(slug, to)} {...props} />;
}

export function NavLink({ to, ...props }: NavLinkProps) {
  const { slug } = useLeague();
  return <RouterNavLink to={leagueTo(slug, to)} {...props} />;
}

export function Navigate({ to, ...props }: NavigateProps) {
  const { slug } = useLeague();
  return <RouterNavigate to={leagueTo(slug, to)} {...props} />;
}

export interface LeagueNavigate {
  (to: To, options?: NavigateOptions): void | Promise<void>;
  (delta: number): void | Promise<void>;
}

export function useNavigate(): LeagueNavigate {
  const navigate = useRouterNavigate();
  const { slug } = useLeague();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => (typeof to === 'number' ? navigate(to) : navigate(leagueTo(slug, to), options)),
    [navigate, slug],
  ) as LeagueNavigate;
}

/** Navigation that leaves the address's league: its paths are taken as they are (e.g. after switching league). */
export function useNavigateOutsideLeague() {
  return useRouterNavigate();
}
