import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TEXT } from '../../shared/texts';
import { CommandError, unanswered } from './useCommand';

describe('unanswered: what a submission sends again with the same key', () => {
  it('is a dropped connection or a key still running, never a refusal of the game', () => {
    expect(unanswered(new TypeError('Failed to fetch'))).toBe(true);
    expect(unanswered(new CommandError('The game could not be reached. Check your connection and try again.', null))).toBe(true);
    expect(unanswered(new CommandError(IDEMPOTENCY_TEXT.inFlight, 409))).toBe(true);
    // A 409 of the game is an answer: the same request would be refused again.
    expect(unanswered(new CommandError('The last draft ran on 2026-01-03 14:05 UTC; the next can run from 2026-01-10 14:05 UTC', 409))).toBe(false);
    expect(unanswered(new CommandError('Ask 7 is no longer open: it was filled', 409))).toBe(false);
    expect(unanswered(new CommandError(IDEMPOTENCY_TEXT.reused, 422))).toBe(false);
    expect(unanswered(new CommandError('Not enough cash', 400))).toBe(false);
  });
});
