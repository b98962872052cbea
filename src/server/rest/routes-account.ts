import { accountResult, AVATAR_BODY_LIMIT, portfolioHistoryResult, setAvatarInput, setUsernameInput } from '../../shared/schemas/account.js';
import { portfolioExport, transactionsExport } from '../../shared/schemas/exports.js';
import { userIdInput } from '../../shared/schemas/market.js';
import { route, type RestRoute } from './route.js';

/** The account paths of SPEC.md §7 (avatar, username), the portfolio's value over time, and one's data to take away. */
export const accountRestRoutes: RestRoute[] = [
  route({
    method: 'PUT', path: '/users/{id}/username', tag: 'users', auth: 'user',
    summary: 'Change one’s own username (trimmed, unique whatever its case)',
    input: setUsernameInput, output: accountResult,
    call: (c, input) => c.users.setUsername(input),
  }),
  route({
    method: 'PUT', path: '/users/{id}/avatar', tag: 'users', auth: 'user',
    summary: 'Set one’s own avatar from an image data URL (at most 2 MB); stored as a 128×128 PNG',
    input: setAvatarInput, output: accountResult, bodyLimit: AVATAR_BODY_LIMIT,
    call: (c, input) => c.users.setAvatar(input),
  }),
  route({
    method: 'GET', path: '/portfolio/{userId}/history', tag: 'portfolio', auth: 'none',
    summary: 'A portfolio’s value over time (at most 500 points, oldest first)',
    input: userIdInput, output: portfolioHistoryResult,
    call: (c, input) => c.portfolio.history(input),
  }),
  route({
    method: 'GET', path: '/portfolio/{userId}/export', tag: 'portfolio', auth: 'user',
    summary: 'Export one’s own portfolio: cash, totals and every holding with shares, average price, current price and value (the rows of the page’s CSV download)',
    input: userIdInput, output: portfolioExport,
    call: (c, input) => c.exports.portfolio(input),
  }),
  route({
    method: 'GET', path: '/trades/user/{userId}/export', tag: 'trades', auth: 'user',
    summary: 'Export every one of one’s own trades, newest first (the rows of the transactions page’s CSV download)',
    input: userIdInput, output: transactionsExport,
    call: (c, input) => c.exports.transactions(input),
  }),
];
