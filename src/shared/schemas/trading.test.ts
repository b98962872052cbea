import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buyInput, minSellPrice, pricePerShare, setMinSellPriceInput, toMinSellPriceCents, toPriceCents } from './trading.js';

describe('prices as people type them', () => {
  it('are read from dollars into cents once, under a name that says so', () => {
    const order = z.object({ pricePerShare }).transform(toPriceCents);
    expect(order.parse({ pricePerShare: 1.25 })).toEqual({ priceCents: 125 });
    expect(z.object({ minSellPrice }).transform(toMinSellPriceCents).parse({ minSellPrice: 2.5 })).toEqual({ minSellPriceCents: 250 });
  });

  it.each([0.5, 0, -1, 1.001, 1_000_000.01, Number.NaN])('refuses a minimum sell price of %s with "Invalid price"', (price) => {
    const result = minSellPrice.safeParse(price);
    expect(new Set(result.error?.issues.map((i) => i.message))).toEqual(new Set(['Invalid price']));
  });
});

describe('trade commands', () => {
  it('name their instrument and take cents', () => {
    expect(buyInput.parse({ instrument: { kind: 'team', id: 5 }, shares: 3, priceCents: 125 })).toEqual({
      instrument: { kind: 'team', id: 5 },
      shares: 3,
      priceCents: 125,
    });
  });

  it.each([
    [{ priceCents: 99 }, 'Price per share must be at least $1.00'],
    [{ priceCents: 100.5 }, 'Price per share must be a whole number of cents'],
    [{ instrument: { kind: 'coach', id: 1 } }, 'The kind must be player or team'],
    [{ idempotencyKey: 'two words' }, 'The idempotency key must be visible ASCII characters without spaces'],
    [{ idempotencyKey: 'k'.repeat(256) }, 'The idempotency key must be at most 255 characters'],
  ])('refuses %j with a message', (bad, message) => {
    const result = buyInput.safeParse({ instrument: { kind: 'player', id: 1 }, shares: 3, priceCents: 100, ...bad });
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('refuses a minimum sell price under $1.00 with "Invalid price"', () => {
    const result = setMinSellPriceInput.safeParse({ instrument: { kind: 'player', id: 1 }, priceCents: 99 });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Invalid price']);
  });
});
