import { describe, expect, it } from 'vitest';
import { championNames } from './card.js';

describe('the recap card’s champions', () => {
  it('names one champion or every co-winner, and as many as fit with how many more when they are many', () => {
    expect(championNames([])).toBe('No champion');
    expect(championNames(['alice'])).toBe('alice');
    expect(championNames(['alice', 'bob', 'cleo'])).toBe('alice & bob & cleo');
    const eight = ['alexandra', 'bartholomew', 'cleopatra', 'dominique', 'evangeline', 'fitzgerald', 'gwendolyn', 'humphrey'];
    const line = championNames(eight);
    expect(line).toBe('alexandra & bartholomew & cleopatra & 5 more');
    expect(line.length).toBeLessThanOrEqual(48);
  });
});
