import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import { oldestFirst, withMessage, withoutMessage, withReaction, type FeedData } from './chatCache';

const msg = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  userId: 1,
  username: 'alice',
  text: `m${id}`,
  createdAt: new Date(id * 1000).toISOString(),
  kind: 'message',
  reactions: [],
  ...extra,
});
const data = (...pages: number[][]): FeedData => ({
  pages: pages.map((ids) => ({ messages: ids.map((id) => msg(id)), nextCursor: null })),
  pageParams: pages.map(() => null),
});

describe('the feed in the cache', () => {
  it('adds a new item once, on top, whoever tells it first', () => {
    const once = withMessage(data([5, 4], [3]), msg(6));
    expect(once!.pages[0]!.messages.map((m) => m.id)).toEqual([6, 5, 4]);
    expect(withMessage(once, msg(6))).toBe(once);
    expect(oldestFirst(once).map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(withMessage(undefined, msg(1))).toBeUndefined();
  });

  it('takes a deleted item out of whichever page holds it', () => {
    expect(oldestFirst(withoutMessage(data([5, 4], [3]), 3)).map((m) => m.id)).toEqual([4, 5]);
  });

  it('sets a reaction’s count, and marks it the reader’s own only when they made it', () => {
    const base = data([2]);
    const mineOn = withReaction(base, { type: 'reacted', id: 2, emoji: '🔥', count: 1, userId: 9, on: true }, 9);
    expect(mineOn!.pages[0]!.messages[0]!.reactions).toEqual([{ emoji: '🔥', count: 1, mine: true }]);
    const othersToo = withReaction(mineOn, { type: 'reacted', id: 2, emoji: '🔥', count: 2, userId: 8, on: true }, 9);
    expect(othersToo!.pages[0]!.messages[0]!.reactions).toEqual([{ emoji: '🔥', count: 2, mine: true }]);
    const allOff = withReaction(
      withReaction(othersToo, { type: 'reacted', id: 2, emoji: '🔥', count: 1, userId: 9, on: false }, 9),
      { type: 'reacted', id: 2, emoji: '🔥', count: 0, userId: 8, on: false },
      9,
    );
    expect(allOff!.pages[0]!.messages[0]!.reactions).toEqual([]);
  });
});
