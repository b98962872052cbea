import { describe, expect, it } from 'vitest';
import { composeNotification, type PushIntent } from './messages.js';

describe('the "passed" notification', () => {
  it('says the newest standing of a burst, tagged per league so it replaces the last one', () => {
    const passed = (title: string): PushIntent => ({
      kind: 'passed',
      userId: 4,
      item: { type: 'player', id: 7, name: '' },
      title,
      body: 'in Rivals',
      url: '/leaderboard',
    });
    expect(composeNotification([passed('bob passed you — you are now 2nd'), passed('cleo passed you — you are now 3rd')])).toEqual({
      kind: 'passed',
      title: 'cleo passed you — you are now 3rd',
      body: 'in Rivals',
      url: '/leaderboard',
      tag: 'passed:7',
    });
  });
});

describe('a notification with an inbox entry', () => {
  it('opens the newest entry of its batch', () => {
    const filled = (inboxId: number): PushIntent => ({
      kind: 'orderFilled',
      userId: 4,
      inboxId,
      item: { type: 'player', id: 9, name: 'Ava Stone' },
      side: 'ask',
      shares: 10,
      priceCents: 150,
      minSellPriceCents: null,
    });
    expect(composeNotification([filled(31), filled(32)])).toMatchObject({ url: '/inbox?entry=32', tag: 'orderFilled:player:9' });
    const { inboxId: _dropped, ...without } = filled(1);
    void _dropped;
    expect(composeNotification([without as PushIntent]).url).toBe('/market/9');
  });
});
