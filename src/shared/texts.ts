/**
 * The texts people see that docs/api.md gives word for word (§2 titles, §8 errors and toasts), said
 * once for the server and the web app. No imports: the browser's first load takes only strings.
 */

/** §8: what a write action shows when the server gave no readable error. */
export const FAILED = {
  postAsk: 'Failed to post ask',
  acceptOffer: 'Failed to accept offer',
  cancelOffer: 'Failed to cancel offer',
  acceptAsk: 'Failed to accept ask',
  purchase: 'Purchase failed',
  ask: 'Ask failed',
  dump: 'Dump failed',
  update: 'Update failed',
  postOffer: 'Failed to post offer',
  upload: 'Upload failed',
} as const;

/** §5 and §8: a price that is not one, and a file that is not an image. */
export const INVALID_PRICE = 'Invalid price';
export const INVALID_FILE_TYPE = 'Invalid file type';

/** §8: what a page shows when its data did not load. */
export const LOAD_FAILED = {
  marketData: 'Failed to load market data',
  offers: 'Failed to load offers',
  asks: 'Failed to load asks',
  portfolio: 'Failed to load portfolio',
  transactions: 'Failed to load transactions',
  teams: 'Failed to load teams',
  leaderboard: 'Failed to load leaderboard',
  statistics: 'Failed to load statistics',
  market: 'Failed to load market',
  data: 'Failed to load data',
  players: 'Failed to load players',
} as const;

/** §8: the success toasts of the trading and account calls (the purchase ones are built by the server). */
export const TOAST = {
  askPosted: 'Ask posted successfully',
  offerPosted: 'Offer posted successfully',
  offerAccepted: 'Offer accepted',
  offerCancelled: 'Offer cancelled',
  askAccepted: 'Ask accepted',
  askDeclined: 'Ask declined',
  askCancelled: 'Ask cancelled',
  sharesDumped: 'Shares dumped',
  teamSharesDumped: 'Team shares dumped',
  minSellPriceUpdated: 'Min sell price updated',
  avatarUpdated: 'Avatar updated',
  usernameUpdated: 'Username updated',
  /** What a purchase toast advises. */
  minPriceAdvice: 'Set a minimum sale price in your portfolio to sell these shares automatically.',
} as const;

/** §8, Authentication. */
export const AUTH_TEXT = {
  invalidLogin: 'Invalid email or password',
  registerFailed: 'Login failed',
  resetRequested: 'Check your email for the reset token',
  resetRequestFailed: 'Failed to send reset email',
  passwordUpdated: 'Password updated. You can now log in.',
  resetFailed: 'Reset failed',
} as const;

/** §8, Admin. */
export const ADMIN_TEXT = {
  salaryUpdated: 'Salary updated',
  playerRetired: 'Player retired',
  draftSimulated: 'Draft simulated',
  updateFailed: FAILED.update,
  retireFailed: 'Retire failed',
  draftFailed: 'Draft failed',
} as const;

/**
 * §1 Idempotency keys: a key's refusals. The web app tells "still running" (409, send the same
 * submission again a moment later) from a refusal of the game that is also a 409.
 */
export const IDEMPOTENCY_TEXT = {
  inFlight: 'This request is already being processed. Wait for its answer instead of sending it again.',
  reused: 'This idempotency key was already used for a different request. Send a new key with each new request.',
} as const;

/** §2: the titles of pages that more than one place names. */
export const TITLE = {
  sharesForSale: 'Shares for Sale',
  offersForYou: 'Offers For You',
} as const;
