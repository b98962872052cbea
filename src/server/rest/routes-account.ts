import { AVATAR_BODY_LIMIT } from '../../shared/schemas/account.js';
import { route, type RestRoute } from './route.js';

/** The account paths of docs/api.md §2 Paths (avatar, username), the portfolio's value over time, and one's data to take away. */
export const accountRestRoutes: RestRoute[] = [
  route('users.setUsername', {
    method: 'PUT',
    path: '/users/{id}/username',
    tag: 'users',
    auth: 'user',
    summary: 'Change one’s own username (trimmed, unique whatever its case)',
  }),
  route('users.setAvatar', {
    method: 'PUT',
    path: '/users/{id}/avatar',
    tag: 'users',
    auth: 'user',
    summary: 'Set one’s own avatar from an image data URL (at most 2 MB); stored as a 128×128 PNG',
    bodyLimit: AVATAR_BODY_LIMIT,
  }),
  route('portfolio.history', {
    method: 'GET',
    path: '/portfolio/{userId}/history',
    tag: 'portfolio',
    auth: 'none',
    summary: 'A portfolio’s value over time (at most 500 points, oldest first)',
  }),
  route('exports.portfolio', {
    method: 'GET',
    path: '/portfolio/{userId}/export',
    tag: 'portfolio',
    auth: 'user',
    summary:
      'Export one’s own portfolio: cash, totals and every holding with shares, average price, current price and value (the rows of the page’s CSV download)',
  }),
  route('exports.transactions', {
    method: 'GET',
    path: '/trades/user/{userId}/export',
    tag: 'trades',
    auth: 'user',
    summary: 'Export every one of one’s own trades, newest first (the rows of the transactions page’s CSV download)',
  }),
];
