/**
 * Anonymous plain-ws followers of the public ticker, in the followers' process (bench/followers.ts).
 */
import WebSocket from 'ws';
import { wsUrlOf } from './traders.js';

const TRADE_KEY = Buffer.from('"tradeId":');
const SKIPPED_KEY = Buffer.from('"skipped":');

/** How many times `needle` occurs in `haystack` (no parsing: most followers only count). */
function occurrences(haystack: Buffer, needle: Buffer): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
}

/**
 * Anonymous plain-ws followers of the public ticker (the tRPC subscription protocol by hand, as any
 * ws client can speak it). Each ticker message lists trades (oldest first) and counts the ones it
 * skipped; most followers only count them, `observers` of them, spread evenly over the order in
 * which they connected (a server may serve its followers in that order), parse every message to
 * measure the lag from its newest trade to its receipt.
 */
export class Subscribers {
  /** Trades listed in the messages received, over all followers. */
  delivered = 0;
  /** Trades the messages counted as skipped (conflated), over all followers. */
  skipped = 0;
  /** Ticker messages received, over all followers. */
  messages = 0;
  readonly lags: number[] = [];
  private readonly sockets: WebSocket[] = [];

  static async connect(url: string, count: number, observers = 20): Promise<Subscribers> {
    const subs = new Subscribers();
    const stride = Math.max(1, Math.floor(count / observers));
    // In batches, so the listen backlog never overflows.
    for (let first = 0; first < count; first += 100) {
      const batch: Promise<void>[] = [];
      for (let i = first; i < Math.min(count, first + 100); i++) batch.push(subs.open(url, i % stride === 0 && i / stride < observers));
      await Promise.all(batch);
    }
    return subs;
  }

  private open(url: string, observer: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrlOf(url));
      this.sockets.push(ws);
      let started = false;
      ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'live.ticker', input: {} } })));
      ws.on('message', (data: Buffer) => {
        if (!started) {
          if (data.includes('"started"')) {
            started = true;
            resolve();
          }
          return;
        }
        if (!data.includes('"tradesCompleted"')) return;
        this.messages++;
        if (observer) {
          // {"id":1,"result":{"type":"data","id":"…","data":{"id":"…","data":{"type":"tradesCompleted","trades":[…],"skipped":n}}}}
          const m = JSON.parse(data.toString('utf8')) as { result: { data: { data: { trades: { created_at: string }[]; skipped: number } } } };
          const { trades, skipped } = m.result.data.data;
          this.delivered += trades.length;
          this.skipped += skipped;
          this.lags.push(Date.now() - Date.parse(trades[trades.length - 1]!.created_at));
          return;
        }
        this.delivered += occurrences(data, TRADE_KEY);
        const at = data.lastIndexOf(SKIPPED_KEY);
        if (at >= 0) this.skipped += Number.parseInt(data.toString('latin1', at + SKIPPED_KEY.length, at + SKIPPED_KEY.length + 12), 10);
      });
      ws.on('error', (e) => (started ? undefined : reject(e)));
    });
  }

  /** Waits until nothing new arrived for `quietMs`, or `maxMs` passed. */
  async drain(quietMs: number, maxMs: number): Promise<void> {
    const end = performance.now() + maxMs;
    let last = -1;
    let lastChange = performance.now();
    while (performance.now() < end) {
      if (this.messages !== last) {
        last = this.messages;
        lastChange = performance.now();
      } else if (performance.now() - lastChange >= quietMs) {
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  get count(): number {
    return this.sockets.length;
  }

  close(): void {
    for (const ws of this.sockets) ws.terminate();
  }
}
