import { z } from 'zod';
import { id } from './common.js';
import { askOut, depthOut, detailPagesOut, detailTotalsOut, offerOut, priceRangeOut, queuedSellOut, shareholderOut, tradeOut } from './market.js';

const int = z.number().int();

/** A team with the fields of docs/api.md §3 Fields; total shares = the team's payroll (total salary). */
export const teamOut = z.object({
  id: int,
  code: z.string(),
  name: z.string(),
  conference: z.enum(['East', 'West']),
  division: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  total_salary: int,
  total_shares: int,
  total_shares_available: int,
  shares_remaining: int,
  shares_distributed: int,
  shareholder_count: int,
  /** The latest price between two users; null before the first. */
  last_trade_price: z.number().nullable(),
  /** The mark (docs/rules.md §5): the price every valuation uses. */
  current_price: z.number(),
  owned: int,
});
export type TeamOut = z.infer<typeof teamOut>;
export const teamList = z.array(teamOut);

export const rosterPlayerOut = z.object({
  id: int,
  name: z.string(),
  salary: int,
  shares_remaining: int,
  last_trade_price: z.number().nullable(),
  restricted_until: z.string().nullable(),
});

export const teamIdInput = z.object({ teamId: id('Team id') });

export const teamDetailResult = z.object({
  team: teamOut,
  roster: z.array(rosterPlayerOut),
  asks: z.array(askOut),
  offers: z.array(offerOut),
  trades: z.array(tradeOut),
  shareholders: z.array(shareholderOut),
  priceRange: priceRangeOut,
  depth: depthOut,
  sellQueue: z.array(queuedSellOut),
  pages: detailPagesOut,
  totals: detailTotalsOut,
});
export type TeamDetail = z.infer<typeof teamDetailResult>;
