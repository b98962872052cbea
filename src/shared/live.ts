import type { InstrumentKind, TradeReason } from './instrument.js';
import type { Notice } from './notices.js';
import type { PlayerOut } from './schemas/market.js';

/** The live events (docs/api.md §4 Live events) as the web app receives them. Money in dollars. */
export interface LiveTrade {
  tradeId: number;
  itemType: InstrumentKind;
  playerId: number;
  playerName: string;
  /** The team's code (a player's team's), for the ticker's face. */
  teamCode: string;
  buyer_id: number | null;
  seller_id: number | null;
  buyerUsername: string | null;
  sellerUsername: string | null;
  shares_transferred: number;
  price_per_share: number;
  total_value: number;
  created_at: string;
  /** `retirement`: the open market bought a retiring player's shares back; null for an ordinary trade. */
  reason: TradeReason | null;
}

/** How often the ticker sends the trades (and the players list's changes) since its last message (at most; nothing when nothing changed). */
export const TICKER_INTERVAL_MS = 200;
/** The newest trades one ticker message lists; older trades of the same interval are only counted. */
export const TICKER_MAX_TRADES = 20;

/**
 * The rows of the players list (`market.playersSince`) that changed from one version to the next,
 * as everyone sees them (`owned` 0): a client holding a version from `since` on brings its list up
 * to `version` with them, without asking.
 */
export interface PlayersChange {
  /** The version the rows changed since; null when players came or went (or it is not known): the list is asked for again. */
  since: string | null;
  version: string;
  rows: PlayerOut[];
}

/**
 * One message of the public ticker (`live.ticker`): the trades completed since the previous message,
 * oldest first. When more than TICKER_MAX_TRADES happened, only the newest are listed and `skipped`
 * counts the others (the full history is in `trades.recent` and each user's transactions).
 * `players` is what changed in the players list meanwhile (a message may carry that alone, with no trade).
 * `marksMoved` says that some mark moved meanwhile (docs/rules.md §5): only then do the values that
 * follow marks (the user box, portfolios) change with others' trades.
 */
export interface LiveTicker {
  type: 'tradesCompleted';
  trades: LiveTrade[];
  skipped: number;
  players?: PlayersChange;
  marksMoved?: true;
}

/** The events of `live.events`: for a signed-in user, what changed in the market and what happened to them. */
export type LiveEvent = LiveEventBody & {
  /** The league it happened in (docs/leagues.md §5): a client showing another league leaves it alone. */
  leagueId: number;
};

export type LiveEventBody =
  | { type: 'marketUpdated'; itemType: InstrumentKind; itemId: number }
  | {
      type: 'offersUpdated';
      itemType: InstrumentKind;
      itemId: number;
      /** The badge's figure of offers for sale after the change (market.counts' `sharesForSale`): set without asking (sent to signed-in members). */
      sharesForSale?: number;
    }
  | {
      type: 'asksUpdated';
      itemType: InstrumentKind;
      itemId: number;
      /** False when the user holds none of what the asks are for: the change moves none of their badges (sent to signed-in members). */
      forYou?: boolean;
    }
  | { type: 'portfolioUpdated' }
  /** The league was renamed, its ranking changed or a season ended: its name and season are read again. */
  | { type: 'leagueUpdated' }
  | {
      type: 'orderFilled';
      side: 'ask' | 'offer';
      /** 0 for a sale from the holder's minimum sell price (no order). */
      orderId: number;
      /** A sale the holder's minimum sell price made (not an offer they listed). */
      automatic: boolean;
      /** With `automatic`: that minimum sell price, in dollars (the bid it met may be higher); otherwise null. */
      min_sell_price: number | null;
      itemType: InstrumentKind;
      itemId: number;
      itemName: string;
      shares: number;
      price_per_share: number;
      /** Its entry in the member's inbox (docs/inbox.md); absent for an event not kept there. */
      inboxId?: number;
    }
  /** The league tells the member something: someone passed them, the weekly recap, a season's end. */
  | { type: 'notice'; notice: Notice; inboxId?: number }
  /** Someone else now bids more than your resting ask. */
  | { type: 'outbid'; itemType: InstrumentKind; itemId: number; itemName: string; your_price: number; best_price: number; inboxId?: number }
  /** A player you held retired: the open market bought your `shares` back at `price_per_share` ($1.00). */
  | {
      type: 'playerRetired';
      itemType: 'player';
      itemId: number;
      itemName: string;
      shares: number;
      price_per_share: number;
      total_value: number;
      retired_at: string;
      inboxId?: number;
    };
