import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { toClientError } from './client-error.js';
import { refusalError, valueOrRefusal } from './errors.js';

describe('the refusals of the game over the wire', () => {
  it('keeps the message and gives each code its status', () => {
    const cases = [
      ['insufficient_cash', 400],
      ['conference_taken', 400],
      ['team_locked', 400],
      ['order_not_found', 404],
      ['instrument_not_found', 404],
      ['not_your_ask', 403],
      ['rookie_restricted', 403],
      ['order_not_open', 409],
      ['unavailable', 503],
    ] as const;
    for (const [code, status] of cases) {
      const error = refusalError({ code, message: `refused: ${code}` });
      expect(getHTTPStatusCodeFromError(error)).toBe(status);
      expect(toClientError(error)).toMatchObject({ status, message: `refused: ${code}` });
    }
  });

  it('throws an admin refusal as its error, and passes a value through', () => {
    expect(() => valueOrRefusal({ ok: false, error: { code: 'retired', message: 'Stephen Curry is retired' } })).toThrow('Stephen Curry is retired');
    expect(valueOrRefusal({ ok: true, value: 7 })).toBe(7);
  });
});
