import { z } from 'zod';
import { formatCents, MAX_ORDER_PRICE_CENTS, MIN_ORDER_PRICE_CENTS, type Cents } from '../money.js';
import { dollarsAsCents } from './price.js';

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
 * A price in dollars with at most two decimals and at least `min`, decoded to integer cents, with
 * a message naming the field for each rule. Never rounded: 1.005 is refused.
 */
export const priceDollars = (label: string, min: Cents = MIN_ORDER_PRICE_CENTS) =>
  dollarsAsCents(
    {
      notANumber: `${label} must be a number`,
      tooLow: `${label} must be at least ${formatCents(min)}`,
      tooHigh: `${label} must be at most ${formatCents(MAX_ORDER_PRICE_CENTS)}`,
      tooManyDecimals: `${label} must have at most two decimals`,
    },
    min,
  );

/**
 * An idempotency key (docs/api.md §1): chosen by the client, 1 to 255 visible ASCII characters (a
 * UUID will do). REST sends it as the `Idempotency-Key` header; tRPC in the input.
 */
export const idempotencyKey = z
  .string({ error: 'The idempotency key must be text' })
  .min(1, 'The idempotency key must not be empty')
  .max(255, 'The idempotency key must be at most 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'The idempotency key must be visible ASCII characters without spaces');

/** The optional key every command that changes something takes: spread it into the input's shape. */
export const keyed = { idempotencyKey: idempotencyKey.optional() };
