import { describe, expect, it } from 'vitest';
import { createInboxRepo } from '../db/repos/inbox.js';
import { INBOX_KEEP_MS } from '../shared/inbox.js';
import { PRUNE_BATCH } from './inbox-writer.js';
import { testExchange } from './test-support/exchange.js';

const DAY = 24 * 60 * 60 * 1000;
const count = (t: ReturnType<typeof testExchange>, sql: string, ...args: number[]) =>
  (t.db.$client.prepare(sql).get(...args) as { n: number }).n;

describe('the inbox writer', () => {
  it('prunes a backlog of old entries a batch at a write, the next writes going on until none is left', () => {
    const t = testExchange();
    const p = t.player(1_000);
    const member = t.user('member');
    // A league closed for weeks: more entries older than 30 days than one write deletes, all unread.
    const old = t.clock.now - INBOX_KEEP_MS - DAY;
    const backlog = PRUNE_BATCH * 2 + 10;
    createInboxRepo(t.db).add(
      Array.from({ length: backlog }, () => ({ userId: member, kind: 'passed' as const, data: { title: 't', body: 'b', url: '/' } })),
      old,
    );
    const oldLeft = () => count(t, 'SELECT COUNT(*) AS n FROM inbox_entries WHERE created_at < ?', t.clock.now - INBOX_KEEP_MS);
    const unread = () => count(t, 'SELECT unread AS n FROM inbox_unread WHERE user_id = ?', member);
    expect(unread()).toBe(backlog);

    const buy = () => t.ok({ type: 'buy', userId: member, instrument: p, shares: 1, priceCents: 100 });
    buy();
    expect(oldLeft()).toBe(backlog - PRUNE_BATCH);
    expect(unread()).toBe(backlog - PRUNE_BATCH);
    buy();
    buy();
    expect(oldLeft()).toBe(0);
    expect(unread()).toBe(0);
  });
});
