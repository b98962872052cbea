/**
 * Gathers items per key and hands them over in batches: the first item of a quiet key waits
 * `gatherMs` (a burst arrives as one batch), and after each batch the key stays quiet for
 * `windowMs`, whatever arrives meanwhile going out as one batch when the window ends. So a key gets
 * at most one batch per window.
 */
export class WindowBatcher<T> {
  private readonly entries = new Map<string, { items: T[]; timer: NodeJS.Timeout }>();

  constructor(
    private readonly deliver: (key: string, items: T[]) => void,
    private readonly gatherMs: number,
    private readonly windowMs: number,
  ) {}

  add(key: string, item: T): void {
    const entry = this.entries.get(key);
    if (entry) {
      entry.items.push(item);
      return;
    }
    this.entries.set(key, { items: [item], timer: this.after(this.gatherMs, key) });
  }

  /** Keys with a batch on its way or a window running. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops everything pending (on shutdown). */
  stop(): void {
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
    this.entries.clear();
  }

  private after(ms: number, key: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.due(key), ms);
    timer.unref();
    return timer;
  }

  private due(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (entry.items.length === 0) {
      this.entries.delete(key);
      return;
    }
    const items = entry.items;
    entry.items = [];
    entry.timer = this.after(this.windowMs, key);
    this.deliver(key, items);
  }
}
