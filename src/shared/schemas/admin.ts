import { z } from 'zod';
import { id, keyed } from './common.js';
import { MAX_SALARY } from '../limits.js';

const salaryRules = (salary: z.ZodNumber) =>
  salary
    .int('The new salary must be a whole number of dollars')
    .min(1, 'The new salary must be at least $1')
    .max(MAX_SALARY, 'The new salary must be at most $1,000,000,000');

export const updateSalaryInput = z.object({
  ...keyed,
  id: id('Player id'),
  newSalary: salaryRules(z.number({ error: 'The new salary must be a number' })),
});
export const retirePlayerInput = z.object({ playerId: id('Player id'), ...keyed });
/** The draft takes nothing but its idempotency key. */
export const draftInput = z.object({ ...keyed }).prefault({});

/** What the confirmation of a salary change (with `newSalary`) or a retirement (without) asks first; `newSalary` may come as a query string. */
export const contractPreviewInput = z.object({
  playerId: id('Player id'),
  newSalary: salaryRules(z.coerce.number({ error: 'The new salary must be a number' })).optional(),
});

/** docs/rules.md §7: what the change would do, counted in every league (the admin's confirmation names it). */
export const contractPreviewResult = z.object({
  playerId: z.number().int(),
  name: z.string(),
  teamName: z.string(),
  /** The salary now, in whole dollars. */
  salary: z.number().int(),
  /** The salary asked for; null for a retirement. */
  newSalary: z.number().int().nullable(),
  /** new / old: every holding's shares are multiplied by it (rounded down); null for a retirement. */
  ratio: z.number().nullable(),
  /** Leagues counted, and those where someone holds the player or his team. */
  leagues: z.number().int(),
  leaguesWithHoldings: z.number().int(),
  /** Holdings of the player in every league, and their shares. */
  holdings: z.number().int(),
  sharesHeld: z.number().int(),
  /** Holdings of his team, rescaled with its payroll. */
  teamHoldings: z.number().int(),
  /** Open asks and offers on the player and his team, cancelled (escrow returned). */
  openOrders: z.number().int(),
  /** What a retirement pays the holders in all: the shares held at $1.00, in dollars. */
  payout: z.number(),
});
export type ContractPreviewOut = z.infer<typeof contractPreviewResult>;

/** When the last rookie draft ran and from when the next may run (ISO times; null before the first draft). */
export const draftStatusResult = z.object({
  lastDraftAt: z.string().nullable(),
  nextDraftFrom: z.string().nullable(),
  /** True when a draft may run now. */
  canRun: z.boolean(),
});
export type DraftStatusOut = z.infer<typeof draftStatusResult>;

export const adminResult = z.object({ message: z.string() });

export const salaryResult = adminResult.extend({
  playerId: z.number().int(),
  name: z.string(),
  oldSalary: z.number().int(),
  newSalary: z.number().int(),
  cancelledOrders: z.number().int(),
});
export const retireResult = adminResult.extend({
  playerId: z.number().int(),
  name: z.string(),
  holdersPaid: z.number().int(),
  paidOut: z.number(),
  cancelledOrders: z.number().int(),
});
export const draftResult = adminResult.extend({
  restrictedUntil: z.string(),
  picks: z.array(
    z.object({
      round: z.number().int(),
      pick: z.number().int(),
      playerId: z.number().int(),
      teamId: z.number().int(),
      name: z.string(),
      salary: z.number().int(),
    }),
  ),
});

export const auditEntry = z.object({ id: z.number().int(), actor: z.string(), action: z.string(), details: z.unknown(), created_at: z.string() });
export const auditResult = z.array(auditEntry);
/** How many of the latest entries; a number, or its digits in a query string. */
export const auditInput = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
