import { z } from 'zod';
import { id, keyed } from './common.js';

export const updateSalaryInput = z.object({
  ...keyed,
  id: id('Player id'),
  newSalary: z
    .number({ error: 'The new salary must be a number' })
    .int('The new salary must be a whole number of dollars')
    .min(1, 'The new salary must be at least $1')
    .max(1_000_000_000, 'The new salary must be at most $1,000,000,000'),
});
export const retirePlayerInput = z.object({ playerId: id('Player id'), ...keyed });
/** The draft takes nothing but its idempotency key. */
export const draftInput = z.object({ ...keyed }).prefault({});

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
