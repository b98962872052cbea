import { route, type RestRoute } from './route.js';
import { accountRestRoutes } from './routes-account.js';
import { adminRestRoutes } from './routes-admin.js';
import { chatRestRoutes } from './routes-chat.js';
import { leagueRestRoutes } from './routes-leagues.js';
import { marketRestRoutes } from './routes-market.js';
import { pushRestRoutes } from './routes-push.js';
import { seasonRestRoutes } from './routes-seasons.js';
import { tradingRestRoutes } from './routes-trading.js';

/** Every path the REST shim answers. Paths and payloads follow docs/api.md §2 Paths. */
export const restRoutes: RestRoute[] = [
  route('auth.register', {
    method: 'POST',
    path: '/auth/register',
    tag: 'auth',
    auth: 'none',
    summary: 'Create an account with $80,000,000 and sign in',
  }),
  route('auth.login', {
    method: 'POST',
    path: '/auth/login',
    tag: 'auth',
    auth: 'none',
    summary: 'Sign in with email and password',
  }),
  route('auth.logout', {
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    auth: 'user',
    summary: 'End the current session',
  }),
  route('auth.requestPasswordReset', {
    method: 'POST',
    path: '/auth/request-password-reset',
    tag: 'auth',
    auth: 'none',
    summary: 'Send a password reset link; answers the same whether the email is known or not',
  }),
  route('auth.resetPassword', {
    method: 'POST',
    path: '/auth/reset-password',
    tag: 'auth',
    auth: 'none',
    summary: 'Set a new password with a reset token (once per token); ends all sessions',
  }),
  route('users.get', {
    method: 'GET',
    path: '/users/{id}',
    tag: 'users',
    auth: 'none',
    summary: "A user's public fields",
  }),
  ...accountRestRoutes,
  ...marketRestRoutes,
  ...tradingRestRoutes,
  ...adminRestRoutes,
  ...pushRestRoutes,
  ...leagueRestRoutes,
  ...seasonRestRoutes,
  ...chatRestRoutes,
];
