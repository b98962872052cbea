import type { InstrumentKind } from '../db/repos/ledger.js';
import type { MarketErrorCode, Refusal } from '../domain/market/refusal.js';

export interface InstrumentRef {
  kind: InstrumentKind;
  id: number;
}

/** What a user can ask the exchange to do. Prices are integer cents; shares whole numbers. */
export type ExchangeCommand =
  | { type: 'buy'; userId: number; instrument: InstrumentRef; shares: number; priceCents: number }
  | { type: 'listOffer'; userId: number; instrument: InstrumentRef; shares: number; priceCents: number }
  | { type: 'setMinSellPrice'; userId: number; instrument: InstrumentRef; priceCents: number }
  | { type: 'acceptAsk'; userId: number; askId: number; shares: number; kind?: InstrumentKind }
  | { type: 'acceptOffer'; userId: number; offerId: number; shares?: number | undefined }
  | { type: 'cancelAsk'; userId: number; askId: number }
  | { type: 'cancelOffer'; userId: number; offerId: number }
  | { type: 'declineAsk'; userId: number; askId: number; kind?: InstrumentKind }
  | { type: 'dump'; userId: number; instrument: InstrumentRef; shares: number };

export interface FillSummary {
  tradeId: number;
  buyerId: number | null;
  sellerId: number | null;
  shares: number;
  priceCents: number;
}

export interface RestingSummary {
  id: number;
  shares: number;
  priceCents: number;
}

/** The sender's holding of the instrument once the command ran (for what the answer says about it). */
export interface HoldingSummary {
  shares: number;
  minSellPriceCents: number;
  /** True once the holder set the price; false while it is the default (10% over the average buy price; $2.00 for a team). */
  minSellCustom: boolean;
  /** A team holding's lock (epoch ms); 0 for a player. */
  lockedUntil: number;
}

/** What a command did, for the one who sent it. */
export interface ExchangeOutcome {
  instrument: InstrumentRef;
  /** The player's or team's name. */
  name: string;
  /** Shares the sender bought / sold, over every fill of the command. */
  bought: number;
  sold: number;
  /** The sender's fills only (cascading automatic fills of others are not listed). */
  fills: FillSummary[];
  ask: RestingSummary | null;
  offer: RestingSummary | null;
  /** True when the command changed nothing (a dump of 0 shares). */
  noop: boolean;
  /** The sender's holding after the command; null when they hold none. */
  holding: HoldingSummary | null;
}

/** Why a command was refused: a code of the game (domain/market/refusal.ts) and a message for the person. */
export type ExchangeError = Refusal;
/** The refusal's code, also the reason counted by monitoring. */
export type RefusalReason = MarketErrorCode;

export type ExchangeResult = { ok: true; outcome: ExchangeOutcome } | { ok: false; error: ExchangeError };

/**
 * Told a command's result inside the savepoint that writes its effect (before the commit): what an
 * idempotency key keeps (docs/architecture.md §3), so the answer is on disk exactly when the effect is.
 * Whatever it throws rolls the command back.
 */
export type RememberResult = (result: ExchangeResult) => void;
