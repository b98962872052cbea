import { describe, expect, it } from 'vitest';
import { addUser, emptyDb } from '../test-support/fixtures.js';
import { createInboxRepo } from './inbox.js';

const DAY = 24 * 60 * 60 * 1000;
const data = { title: 't', body: 'b', url: '/' };

describe('the inbox repository', () => {
  it('keeps each member’s unread count as entries are written, read and pruned', () => {
    const db = emptyDb();
    const [a, b] = [addUser(db, 'a'), addUser(db, 'b')];
    const repo = createInboxRepo(db);
    const [a1, a2, b1] = repo.add(
      [
        { userId: a, kind: 'passed', data },
        { userId: a, kind: 'passed', data },
        { userId: b, kind: 'passed', data },
      ],
      1 * DAY,
    );
    const [a3] = repo.add([{ userId: a, kind: 'weeklyRecap', data }], 40 * DAY);
    expect([repo.unread(a), repo.unread(b)]).toEqual([3, 1]);
    expect(repo.page(a, Number.MAX_SAFE_INTEGER, 0, 10).map((r) => r.id)).toEqual([a3, a2, a1]);
    expect(repo.unreadPage(a, 0, 2).map((r) => r.id)).toEqual([a3, a2]);
    expect(repo.markRead(a, a2!, 41 * DAY)).toBe(true);
    expect(repo.markRead(a, a2!, 41 * DAY)).toBe(false);
    expect(repo.markRead(b, a1!, 41 * DAY)).toBe(false);
    expect(repo.unread(a)).toBe(2);
    // 30 days after day 1: the entries of day 1 go, the unread ones off the counts.
    expect(repo.prune(31 * DAY, 100)).toBe(3);
    expect([repo.unread(a), repo.unread(b)]).toEqual([1, 0]);
    expect(repo.page(b, Number.MAX_SAFE_INTEGER, 0, 10)).toEqual([]);
    void b1;
    repo.markAllRead(a, 42 * DAY);
    expect(repo.unread(a)).toBe(0);
    expect(repo.unreadPage(a, 0, 5)).toEqual([]);
  });

  it('prunes the oldest entries first, a bounded number at a time, each unread one off its member’s count', () => {
    const db = emptyDb();
    const [a, b] = [addUser(db, 'a'), addUser(db, 'b')];
    const repo = createInboxRepo(db);
    repo.add([{ userId: a, kind: 'passed', data }], 1 * DAY);
    const [b1] = repo.add([{ userId: b, kind: 'passed', data }], 2 * DAY);
    repo.add([{ userId: a, kind: 'passed', data }], 3 * DAY);
    const [kept] = repo.add([{ userId: a, kind: 'passed', data }], 35 * DAY);
    expect(repo.markRead(b, b1!, 3 * DAY)).toBe(true);
    expect([repo.unread(a), repo.unread(b)]).toEqual([3, 0]);
    // Day 1's and day 2's (b's, read: its count stays).
    expect(repo.prune(34 * DAY, 2)).toBe(2);
    expect([repo.unread(a), repo.unread(b)]).toEqual([2, 0]);
    expect(repo.prune(34 * DAY, 2)).toBe(1);
    expect(repo.prune(34 * DAY, 2)).toBe(0);
    expect(repo.unread(a)).toBe(1);
    expect(repo.page(a, Number.MAX_SAFE_INTEGER, 0, 10).map((r) => r.id)).toEqual([kept]);
  });
});
