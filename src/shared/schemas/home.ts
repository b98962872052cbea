import { z } from 'zod';
import { inboxEntryOut } from './inbox.js';
import { askOut, instrumentType, offerOut } from './market.js';
import { RANKINGS } from '../ranking.js';

/** Dollars; may be negative (a loss, a fall). */
const dollars = z.number();
const count = z.number().int().nonnegative();

const neighbourOut = z.object({
  userId: z.number().int(),
  username: z.string(),
  rank: z.number().int().positive(),
  /** Their figure by the league's rule, in dollars. */
  figure: dollars,
  /** How far they are from the member (positive: ahead), in dollars. */
  gap: dollars,
});

export const homeMoverOut = z.object({
  itemType: instrumentType,
  id: z.number().int(),
  name: z.string(),
  shares: count,
  value: dollars,
  today_change: dollars,
  unrealized_profit: dollars,
  unrealized_percent: z.number(),
});

/**
 * The signed-in home (docs/screens.md "Home"): one call, costing what the screen shows — the
 * member's figures, their place with the fans around them, their holdings that moved most, their
 * newest open orders, and the unread entries of their inbox.
 */
export const homeResult = z.object({
  username: z.string(),
  netWorth: dollars,
  cash: dollars,
  shareValue: dollars,
  dailyChange: dollars,
  dailyChangePercent: z.number(),
  unrealizedProfit: dollars,
  realizedProfit: dollars,
  standing: z
    .object({
      ranking: z.enum(RANKINGS),
      rank: z.number().int().positive(),
      tied: z.boolean(),
      /** Current members ranked. */
      of: count,
      figure: dollars,
      leader: neighbourOut.nullable(),
      above: neighbourOut.nullable(),
      below: neighbourOut.nullable(),
    })
    .nullable(),
  /** Up to 3 holdings, the largest change today first. */
  movers: z.array(homeMoverOut),
  orders: z.object({ asks: z.array(askOut), offers: z.array(offerOut), total: count }),
  inbox: z.object({ unread: count, entries: z.array(inboxEntryOut) }),
});
export type HomeOut = z.infer<typeof homeResult>;
