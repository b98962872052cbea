import { describe, expect, it } from 'vitest';
import { findBadQuantity, findCrossing } from './invariants.js';
import { order, standing } from './test-support/helpers.js';

const empty = { remaining: 0, asks: [], offers: [], standingSells: [] };

describe('findCrossing', () => {
  it('accepts an ask below every sell', () => {
    expect(findCrossing({ ...empty, asks: [order(1, 1, 200, 1, 1)], offers: [order(2, 2, 201, 1, 1)] })).toBeNull();
  });

  it('finds an ask that meets another user’s offer or standing sell', () => {
    expect(findCrossing({ ...empty, asks: [order(1, 1, 200, 1, 1)], offers: [order(2, 2, 200, 1, 1)] })).toMatch(/ask 1/);
    expect(findCrossing({ ...empty, asks: [order(1, 1, 200, 1, 1)], standingSells: [standing(2, 150, 1, 1)] })).toMatch(/user 2/);
  });

  it('finds an ask resting beside open-market supply', () => {
    expect(findCrossing({ ...empty, remaining: 1, asks: [order(1, 1, 100, 1, 1)] })).toMatch(/open market/);
  });

  it('allows a user’s own ask and sell to overlap, but not someone else’s behind them', () => {
    const own = { ...empty, asks: [order(1, 1, 300, 1, 1)], offers: [order(2, 1, 100, 1, 1)], standingSells: [standing(1, 150, 1, 1)] };
    expect(findCrossing(own)).toBeNull();
    expect(findCrossing({ ...own, standingSells: [standing(1, 150, 1, 1), standing(2, 300, 1, 1)] })).toMatch(/user 2/);
    expect(findCrossing({ ...own, offers: [order(3, 2, 50, 1, 1), order(2, 1, 100, 1, 1)] })).toMatch(/user 2/);
  });
});

describe('findBadQuantity', () => {
  it('finds negative, zero or fractional quantities', () => {
    expect(findBadQuantity(empty)).toBeNull();
    expect(findBadQuantity({ ...empty, remaining: -1 })).toMatch(/open market/);
    expect(findBadQuantity({ ...empty, asks: [order(1, 1, 100, 0, 1)] })).toMatch(/ask 1/);
    expect(findBadQuantity({ ...empty, offers: [order(1, 1, 100, 1.5, 1)] })).toMatch(/offer 1/);
    expect(findBadQuantity({ ...empty, standingSells: [standing(1, 100, -2, 1)] })).toMatch(/standing/);
  });
});
