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
