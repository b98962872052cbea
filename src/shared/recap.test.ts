import { describe, expect, it } from 'vitest';
import { heldFor } from './recap.js';

describe('heldFor', () => {
  it('says how long a holding was held in words, never "0 days"', () => {
    expect([0, 1, 2, 104, 1204].map(heldFor)).toEqual(['less than a day', '1 day', '2 days', '104 days', '1,204 days']);
  });
});
