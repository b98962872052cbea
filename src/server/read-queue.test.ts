import { describe, expect, it } from 'vitest';
import { ReadQueue } from './read-queue.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ReadQueue', () => {
  it('runs reads in the order they came, one per turn of the event loop', async () => {
    const queue = new ReadQueue();
    const ran: string[] = [];
    for (const name of ['a', 'b', 'c']) queue.run(() => ran.push(name));
    expect(ran).toEqual([]);
    expect(queue.length).toBe(3);
    await turn();
    expect(ran).toEqual(['a']);
    await turn();
    expect(ran).toEqual(['a', 'b']);
    await turn();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(queue.length).toBe(0);
  });

  it('lets work that comes during a burst of reads run after at most the read under way', async () => {
    const queue = new ReadQueue();
    const ran: string[] = [];
    for (let i = 1; i <= 20; i++) queue.run(() => ran.push(`read ${i}`));
    // A command's group commit is queued the same way (setImmediate) once its request is read.
    await new Promise<void>((resolve) => setImmediate(() => resolve(void ran.push('command'))));
    expect(ran.indexOf('command')).toBe(1);
    while (queue.length > 0) await turn();
    expect(ran.filter((r) => r !== 'command')).toEqual(Array.from({ length: 20 }, (_, i) => `read ${i + 1}`));
  });

  it('takes new reads after it drained', async () => {
    const queue = new ReadQueue();
    const ran: number[] = [];
    queue.run(() => ran.push(1));
    while (queue.length > 0) await turn();
    queue.run(() => ran.push(2));
    queue.run(() => ran.push(3));
    while (queue.length > 0) await turn();
    expect(ran).toEqual([1, 2, 3]);
  });
});
