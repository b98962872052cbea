/**
 * Reads wait their turn behind writes. A burst of refetches (ten members' pages asking again after
 * the same trade) arrives in one turn of the event loop; answered as they arrive, they would all run
 * before the loop reads the next socket or hears that a group commit is durable, and an order sent
 * in that burst would wait for every one of them. Queued here instead, they run one per turn of the
 * loop (each as a `setImmediate`), in the order they came: between two of them the loop reads new
 * requests and finishes the fsyncs done on the thread pool, so a command waits for at most the read
 * running when it came, whatever the burst. The reads take the same time in all; a read is skipped
 * when its caller left while it waited.
 */
export class ReadQueue {
  private waiting: (() => void)[] = [];
  private next = 0;
  private scheduled = false;

  /** Runs `read` on a later turn of the event loop, after the reads queued before it. */
  run(read: () => void): void {
    this.waiting.push(read);
    if (!this.scheduled) this.schedule();
  }

  /** Reads queued and not yet run. */
  get length(): number {
    return this.waiting.length - this.next;
  }

  private schedule(): void {
    this.scheduled = true;
    setImmediate(this.runOne);
  }

  private readonly runOne = (): void => {
    this.scheduled = false;
    const read = this.waiting[this.next];
    this.waiting[this.next++] = undefined as never;
    if (this.next === this.waiting.length) {
      this.waiting = [];
      this.next = 0;
    } else this.schedule();
    read?.();
  };
}
