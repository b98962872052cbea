/**
 * What a share is of: a player or a team. The wire keeps docs/api.md's names for it (itemType,
 * askType); inside the game it is an InstrumentKind.
 */
export const INSTRUMENT_KINDS = ['player', 'team'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

/**
 * Why a trade happened when no order or dump made it: `retirement`, the open market buying a
 * retiring player's shares back at $1.00. An ordinary trade has none (null).
 */
export const TRADE_REASONS = ['retirement'] as const;
export type TradeReason = (typeof TRADE_REASONS)[number];

/** How a trade with a reason is named where a person reads it (transactions, their CSV, trade lists). */
export const TRADE_REASON_LABELS: Record<TradeReason, string> = {
  retirement: 'Bought back at retirement',
};
