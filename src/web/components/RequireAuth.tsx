import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Navigate } from '../lib/leagueLinks';
import { useSession } from '../lib/session';
import NotFoundPage from '../pages/NotFoundPage';

/** Where the login page sends the visitor back to after logging in. */
export interface LoginRedirectState {
  from?: string;
}

/** Shows its children to logged-in users; sends everybody else to /login (and back here afterwards). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

/** Shows its children to admins only; for everyone else the page does not exist. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin } = useSession();
  if (!isAdmin) return <NotFoundPage />;
  return <>{children}</>;
}
