import type { BookErrorCode } from '../orderbook/index.js';

/**
 * Why the market refuses a command, in the game's own words. One list for the order books, the
 * admission rules and the admin's changes; the server alone decides what each means over HTTP.
 */
export type MarketErrorCode =
  | BookErrorCode
  | 'instrument_not_found'
  | 'user_not_found'
  | 'not_member'
  | 'order_not_found'
  | 'order_not_open'
  | 'open_order_limit'
  | 'conference_taken'
  | 'rookie_restricted'
  | 'team_locked'
  | 'retired'
  | 'no_holding'
  | 'invalid_salary'
  | 'draft_too_soon'
  | 'unavailable';

/** A refusal: its code, and a message for the person who asked. */
export interface Refusal {
  readonly code: MarketErrorCode;
  readonly message: string;
}

export const refusal = (code: MarketErrorCode, message: string): Refusal => ({ code, message });
