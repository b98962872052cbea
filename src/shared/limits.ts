/** Sizes of what the read side sends, shared by the server and the web app (no zod here: the app bundles it). */

/** Items in a page of the lists that grow with the league, unless asked; and the most one page holds. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;
/** Sells a detail page names for the buy preview (the cheapest first); past them it sums the depth. */
export const SELL_QUEUE_SIZE = 50;
/** Price levels of each side a detail page's depth shows. */
export const DEPTH_LEVELS = 10;
/** The most points a portfolio's value chart answers (it needs no more), and the most of the user's latest trades read to build them. */
export const HISTORY_MAX_POINTS = 500;
export const HISTORY_MAX_TRADES = 2_000;

/** The largest salary an admin may set, in whole dollars (docs/rules.md §7). */
export const MAX_SALARY = 1_000_000_000;
