import { describe, expect, it } from 'vitest';
import { minSellPriceForm, orderForm, readOrder, sharesForm, textToNumber } from './forms';

describe('reading what people type into the trading forms', () => {
  it('reads text as a number, and empty text as no number', () => {
    expect(textToNumber(' 12 ')).toBe(12);
    expect(textToNumber('2.50')).toBe(2.5);
    expect(textToNumber('')).toBeNaN();
    expect(textToNumber('lots')).toBeNaN();
  });

  it('reads an order as shares and a price in cents', () => {
    expect(readOrder({ shares: '100', pricePerShare: '3.50' })).toEqual({ shares: 100, priceCents: 350 });
    expect(readOrder({ shares: '1', pricePerShare: '1' })).toEqual({ shares: 1, priceCents: 100 });
  });

  it.each([
    [{ shares: '', pricePerShare: '2' }, 'Shares must be a number'],
    [{ shares: '0', pricePerShare: '2' }, 'Shares must be at least 1'],
    [{ shares: '1.5', pricePerShare: '2' }, 'Shares must be a whole number'],
    [{ shares: '5', pricePerShare: '0.99' }, 'Price per share must be at least $1.00'],
    [{ shares: '5', pricePerShare: '1.005' }, 'Price per share must have at most two decimals'],
    [{ shares: '5', pricePerShare: '' }, 'Price per share must be a number'],
  ])('refuses %o as the server would: %s', (text, message) => {
    expect(readOrder(text)).toBeNull();
    expect(orderForm.safeParse(text).error?.issues[0]?.message).toBe(message);
  });

  it('has no order while a field is missing', () => {
    expect(readOrder({ shares: '5' })).toBeNull();
  });

  it.each(['0.50', '0', '-2', '', 'abc', '1.001', '1000000.01'])('refuses a minimum sell price of "%s" with "Invalid price"', (minSellPrice) => {
    const result = minSellPriceForm.safeParse({ minSellPrice });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid price');
  });

  it('takes a minimum sell price from $1.00, in cents', () => {
    expect(minSellPriceForm.parse({ minSellPrice: '1' })).toEqual({ minSellPriceCents: 100 });
    expect(minSellPriceForm.parse({ minSellPrice: '2.5' })).toEqual({ minSellPriceCents: 250 });
  });

  it('reads shares alone for accepting an ask or buying an offer', () => {
    expect(sharesForm.parse({ shares: '20' })).toEqual({ shares: 20 });
    expect(sharesForm.safeParse({ shares: '0' }).success).toBe(false);
  });
});
