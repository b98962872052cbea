/**
 * A trade as one user's side of it (when, which holding, shares bought or sold, price), packed by
 * SQLite into 24 bytes: four signed 48-bit integers, big-endian. The users' indexes of the trades
 * hold it as an indexed expression, written by SQLite with each trade whatever wrote it, so a value
 * chart reads its user's latest trades as one value. Read row by row, each of a chart's ~730 rows
 * cost 2–3 µs in crossing into JavaScript, five numbers at a time; as one value they cost what
 * SQLite spends walking the index.
 */
import type { InstrumentKind } from '../shared/instrument.js';

export const USER_SIDE_BYTES = 24;

const FIELD_BYTES = 6;
const MASK = '0xffffffffffff';

/**
 * The expression, for `shares` (the buyer's side) or `-shares` (the seller's). The indexes of
 * schema.ts and the queries that read it use this same text: SQLite answers a query's expression from
 * an index only when the two are the same expression.
 */
export const userSideSql = (shares: 'shares' | '-shares'): string =>
  `unhex(printf('%012x%012x%012x%012x', created_at & ${MASK}, (instrument_id * 2 + (instrument = 'team')) & ${MASK}, (${shares}) & ${MASK}, price_cents & ${MASK}))`;

/** One user's side of a trade, as packed. Cents; epoch ms. */
export interface UserSide {
  instrument: InstrumentKind;
  instrumentId: number;
  /** Shares the user bought (positive) or sold (negative). */
  shares: number;
  priceCents: number;
  createdAt: number;
}

/** The `index`-th side packed in `bytes` (a concatenation of `userSideSql` values). */
export function userSideAt(bytes: Buffer, index: number): UserSide {
  const at = index * USER_SIDE_BYTES;
  const code = bytes.readIntBE(at + FIELD_BYTES, FIELD_BYTES);
  return {
    instrument: code % 2 === 1 ? 'team' : 'player',
    instrumentId: Math.floor(code / 2),
    shares: bytes.readIntBE(at + 2 * FIELD_BYTES, FIELD_BYTES),
    priceCents: bytes.readIntBE(at + 3 * FIELD_BYTES, FIELD_BYTES),
    createdAt: bytes.readIntBE(at, FIELD_BYTES),
  };
}

/** When the `index`-th side packed in `bytes` was traded. */
export const userSideTimeAt = (bytes: Buffer, index: number): number => bytes.readIntBE(index * USER_SIDE_BYTES, FIELD_BYTES);
