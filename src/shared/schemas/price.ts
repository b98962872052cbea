import { z } from 'zod';
import { centsToDollars, dollarsToCents, hasAtMostTwoDecimals, MAX_ORDER_PRICE_CENTS, MIN_ORDER_PRICE_CENTS, type Cents } from '../money.js';

// The codec lives beside the schemas, not in money.ts: the web app's first load formats money
// without loading zod.

/** What a price in dollars is refused with, one text per rule (they may all be the same text). */
export interface PriceErrors {
  notANumber: string;
  tooLow: string;
  tooHigh: string;
  tooManyDecimals: string;
}

/**
 * A price as the API takes it, dollars with at most two decimals from `min` to $1,000,000.00,
 * decoded to integer cents (and encoded back to dollars). Never rounded: 1.005 is refused.
 */
export function dollarsAsCents(errors: PriceErrors, min: Cents = MIN_ORDER_PRICE_CENTS) {
  const minDollars = centsToDollars(min);
  const dollars = z
    .number({ error: errors.notANumber })
    .refine(Number.isFinite, errors.notANumber)
    .refine((v) => v >= minDollars, errors.tooLow)
    .refine((v) => v <= centsToDollars(MAX_ORDER_PRICE_CENTS), errors.tooHigh)
    .refine(hasAtMostTwoDecimals, errors.tooManyDecimals);
  const amount = z.custom<Cents>((v) => typeof v === 'number' && Number.isSafeInteger(v));
  return z.codec(dollars, amount, { decode: dollarsToCents, encode: centsToDollars });
}
