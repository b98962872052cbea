/**
 * The league's notable moments (docs/chat.md): what makes one, and the sentence the feed shows.
 * Pure: the server finds the facts and writes what these answer.
 */
import { formatCents } from '../../shared/money.js';

const count = (n: number) => n.toLocaleString('en-US');
const shares = (n: number) => `${count(n)} share${n === 1 ? '' : 's'}`;

/** A purchase is a big trade when it is worth at least this share of the league's starting cash. */
export const BIG_TRADE_SHARE = 0.1;

/** The smallest purchase (in cents) the feed calls a big trade in a league with this starting cash. */
export const bigTradeCents = (startingCashCents: number): number => Math.max(100, Math.round(startingCashCents * BIG_TRADE_SHARE));

export interface Fill {
  buyerId: number | null;
  buyerUsername: string | null;
  sellerId: number | null;
  sellerUsername: string | null;
  itemType: 'player' | 'team';
  itemId: number;
  itemName: string;
  shares: number;
  priceCents: number;
}

export interface BigTrade {
  userId: number;
  username: string;
  itemType: 'player' | 'team';
  itemId: number;
  itemName: string;
  shares: number;
  /** The average price paid, rounded to the cent. */
  priceCents: number;
  totalCents: number;
  /** The sellers named, when the shares came from members (none: the open market). */
  sellers: string[];
}

/**
 * The big trades among fills committed together: one member's fills of one instrument make one
 * purchase (an order that took several sells), big when it cost at least `minCents`. Dumps (no
 * buyer) are no purchase.
 */
export function bigTrades(fills: readonly Fill[], minCents: number): BigTrade[] {
  const byPurchase = new Map<string, BigTrade>();
  for (const f of fills) {
    if (f.buyerId === null || f.buyerUsername === null) continue;
    const key = `${f.buyerId}:${f.itemType}:${f.itemId}`;
    const known = byPurchase.get(key) ?? {
      userId: f.buyerId,
      username: f.buyerUsername,
      itemType: f.itemType,
      itemId: f.itemId,
      itemName: f.itemName,
      shares: 0,
      priceCents: 0,
      totalCents: 0,
      sellers: [],
    };
    known.shares += f.shares;
    known.totalCents += f.shares * f.priceCents;
    if (f.sellerUsername !== null && !known.sellers.includes(f.sellerUsername)) known.sellers.push(f.sellerUsername);
    byPurchase.set(key, known);
  }
  return [...byPurchase.values()].filter((p) => p.totalCents >= minCents).map((p) => ({ ...p, priceCents: Math.round(p.totalCents / p.shares) }));
}

/** "Alice bought 100,000 shares of Stephen Curry at $3.00 ($300,000.00) from Bob". */
export function bigTradeText(t: BigTrade): string {
  const from =
    t.sellers.length === 0 ? ' on the open market' : t.sellers.length <= 2 ? ` from ${t.sellers.join(' and ')}` : ` from ${t.sellers.length} members`;
  return `${t.username} bought ${shares(t.shares)} of ${t.itemName} at ${formatCents(t.priceCents)} (${formatCents(t.totalCents)})${from}`;
}

/** "Alice is the new leader", or the co-leaders when they share first place. */
export function newLeaderText(leaders: readonly string[], rule: string): string {
  if (leaders.length === 1) return `${leaders[0]} is the new leader (${rule})`;
  const names = leaders.length === 2 ? leaders.join(' and ') : `${leaders.slice(0, -1).join(', ')} and ${leaders.at(-1)}`;
  return `${names} share the lead (${rule})`;
}

export const newMemberText = (username: string): string => `${username} joined the league`;

/** "Season 3 ended: Alice won", with every co-winner of a tie. */
export function seasonEndedText(season: number, champions: readonly string[]): string {
  if (champions.length === 0) return `Season ${season} ended`;
  const names = champions.length === 1 ? champions[0] : `${champions.slice(0, -1).join(', ')} and ${champions.at(-1)}`;
  return `Season ${season} ended: ${names} ${champions.length === 1 ? 'won' : 'share the title'}`;
}
