import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { shares } from '../../shared/schemas/common';
import { minSellPrice, pricePerShare, toMinSellPriceCents, toPriceCents } from '../../shared/schemas/trading';

/**
 * The trading forms' fields hold the text people type; these schemas read it with the server's own
 * input schemas (docs/rules.md §11 Input), so a form refuses exactly what the server would.
 */

/** Typed text as a number: empty or non-numeric text is NaN, which every number schema refuses. */
export function textToNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

const fromText = <T extends z.ZodType<unknown, number>>(schema: T) => z.string().transform(textToNumber).pipe(schema);

/** A buy or a listing: `{ shares, pricePerShare }` as typed, `{ shares, priceCents }` once read. */
export const orderForm = z.object({ shares: fromText(shares), pricePerShare: fromText(pricePerShare) }).transform(toPriceCents);
export type OrderText = z.input<typeof orderForm>;
export type Order = z.output<typeof orderForm>;
export type OrderControl = Control<OrderText, unknown, Order>;

/** Shares alone: accepting an ask, or buying (part of) an offer. */
export const sharesForm = z.object({ shares: fromText(shares) });

/** A minimum sell price: `{ minSellPrice }` as typed, `{ minSellPriceCents }` once read ("Invalid price" otherwise). */
export const minSellPriceForm = z.object({ minSellPrice: fromText(minSellPrice) }).transform(toMinSellPriceCents);
export type MinSellPriceText = z.input<typeof minSellPriceForm>;
export type MinSellPriceControl = Control<MinSellPriceText, unknown, z.output<typeof minSellPriceForm>>;

/** The order the text makes, or null while it is not one (for previews as people type). */
export function readOrder(text: Partial<OrderText>): Order | null {
  const result = orderForm.safeParse(text);
  return result.success ? result.data : null;
}
