/**
 * SQL fragments shared by the read repositories, so that each rule of docs/rules.md §5 Prices and values
 * is written once. Money is integer cents; times are epoch ms.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** A trade between two users: open-market buys (no seller) and dumps (no buyer) are not. */
export function userToUserSql(trade: string): string {
  return `${trade}.buyer_id IS NOT NULL AND ${trade}.seller_id IS NOT NULL`;
}

/**
 * The columns naming what an order or trade is about, for a row `alias` with `instrument` and
 * `instrument_id`: needs `instrumentJoinsSql(alias)` in the FROM clause.
 */
export const INSTRUMENT_NAME_COLUMNS = `COALESCE(ip.name, it.name) AS itemName, COALESCE(ipt.name, it.name) AS teamName`;

export function instrumentJoinsSql(alias: string): string {
  return `
    LEFT JOIN players ip ON ${alias}.instrument = 'player' AND ip.id = ${alias}.instrument_id
    LEFT JOIN teams ipt ON ipt.id = ip.team_id
    LEFT JOIN teams it ON ${alias}.instrument = 'team' AND it.id = ${alias}.instrument_id`;
}

/** Volume-weighted average price in whole cents (half up), or null without volume. */
export function vwapCents(volumeCents: number | null, volumeShares: number | null): number | null {
  if (!volumeShares || volumeCents === null) return null;
  return Math.round(volumeCents / volumeShares);
}
