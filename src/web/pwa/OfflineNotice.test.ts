import { describe, expect, it } from 'vitest';
import { offlineAsOfText } from './OfflineNotice';

describe('offlineAsOfText', () => {
  it('names the time of today’s figures, and the date of older ones', () => {
    const at = new Date(2026, 10, 27, 12, 2).getTime();
    expect(offlineAsOfText(at, new Date(2026, 10, 27, 18, 0).getTime())).toBe('Offline — prices as of 12:02 PM');
    expect(offlineAsOfText(at, new Date(2026, 10, 28, 9, 0).getTime())).toBe('Offline — prices as of Nov 27, 12:02 PM');
  });
});
