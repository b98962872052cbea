import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Inbox } from './inbox.js';

/** A source to subscribe to, as the event bus and the ticker are. */
function source<T>() {
  const listeners = new Set<(v: T) => void>();
  return {
    subscribe: (push: (v: T) => void) => {
      listeners.add(push);
      return () => listeners.delete(push);
    },
    emit: (v: T) => listeners.forEach((l) => l(v)),
    get listeners() {
      return listeners.size;
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Inbox', () => {
  it('keeps what arrives in order, also before anyone waits', async () => {
    const s = source<number>();
    const inbox = new Inbox<number>(s.subscribe);
    s.emit(1);
    s.emit(2);
    expect(await inbox.next()).toBe(1);
    expect(await inbox.next()).toBe(2);
    const third = inbox.next();
    s.emit(3);
    expect(await third).toBe(3);
  });

  it('gathers what arrives within the window after the first value', async () => {
    const s = source<number>();
    const inbox = new Inbox<number>(s.subscribe);
    const batch = inbox.nextBatch(200);
    s.emit(1);
    await vi.advanceTimersByTimeAsync(150);
    s.emit(2);
    await vi.advanceTimersByTimeAsync(50);
    s.emit(3);
    expect(await batch).toEqual([1, 2]);
    const next = inbox.nextBatch(200);
    await vi.advanceTimersByTimeAsync(200);
    expect(await next).toEqual([3]);
  });

  it('ends when the subscriber goes, and unsubscribes on close', async () => {
    const s = source<number>();
    const abort = new AbortController();
    const inbox = new Inbox<number>(s.subscribe, abort.signal);
    const waiting = inbox.next();
    abort.abort();
    expect(await waiting).toBeNull();
    expect(await inbox.nextBatch(200)).toEqual([]);
    expect(s.listeners).toBe(1);
    inbox.close();
    expect(s.listeners).toBe(0);
  });
});
