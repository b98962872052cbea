import { z } from 'zod';
import { CENTS_PER_DOLLAR, hasAtMostTwoDecimals } from '../money.js';

/** A positive whole number id (path params arrive as numbers from the REST shim). */
export const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(Number.MAX_SAFE_INTEGER, `${label} is too large`);

/** A number of shares: a whole number of at least 1. */
export const shares = z
  .number({ error: 'Shares must be a number' })
  .int('Shares must be a whole number')
  .min(1, 'Shares must be at least 1')
  .max(1_000_000_000, 'Shares must be at most 1,000,000,000');

/**
 * A price in dollars with at most two decimals and at least `min` dollars, turned into integer cents.
 * Never rounded: 1.005 is refused.
 */
export const priceDollars = (label: string, minDollars = 1) =>
  z
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((v) => v >= minDollars, `${label} must be at least $${minDollars.toFixed(2)}`)
    .refine((v) => v <= 1_000_000, `${label} must be at most $1,000,000.00`)
    .refine(hasAtMostTwoDecimals, `${label} must have at most two decimals`)
    .transform((v) => Math.round(v * CENTS_PER_DOLLAR));
