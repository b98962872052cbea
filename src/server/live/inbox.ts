/**
 * What a source pushes to one subscriber, kept in order until the subscriber's generator takes it.
 * It listens from the moment it is made, so nothing is missed while the subscriber backfills.
 */
export class Inbox<T> {
  private readonly queue: T[] = [];
  private head = 0;
  private wake: (() => void) | null = null;
  private readonly unsubscribe: () => void;
  private readonly onAbort = () => this.wake?.();

  constructor(
    subscribe: (push: (value: T) => void) => () => void,
    private readonly signal?: AbortSignal,
  ) {
    this.unsubscribe = subscribe((value) => {
      this.queue.push(value);
      this.wake?.();
    });
    signal?.addEventListener('abort', this.onAbort);
  }

  /** The next value, waiting for it; null once the subscriber is gone. */
  async next(): Promise<T | null> {
    while (!this.signal?.aborted) {
      if (this.head < this.queue.length) {
        const value = this.queue[this.head]!;
        this.head += 1;
        if (this.head === this.queue.length) {
          this.queue.length = 0;
          this.head = 0;
        }
        return value;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    return null;
  }

  /**
   * Everything that arrived within `windowMs` of the next value, waiting for it; empty once the
   * subscriber is gone.
   */
  async nextBatch(windowMs: number): Promise<T[]> {
    const first = await this.next();
    if (first === null) return [];
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, windowMs);
      this.signal?.addEventListener('abort', done);
    });
    const batch = [first, ...this.queue.slice(this.head)];
    this.queue.length = 0;
    this.head = 0;
    return batch;
  }

  close(): void {
    this.unsubscribe();
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}
