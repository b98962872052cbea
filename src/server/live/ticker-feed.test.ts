// The ticker served beside tRPC, over real sockets: the same bytes as tRPC's own subscription path,
// and a follower that stops reading skips messages instead of growing the server's memory.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { EventBus, type GameEvent } from '../../engine/events.js';
import type { Context } from '../context.js';
import { appRouter } from '../routers/index.js';
import { createSharedPayloadEncoder } from '../ws-encoder.js';
import { TickerFeed, type TickerFeedOptions } from './ticker-feed.js';
import { Ticker } from './ticker.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const trade = (tradeId: number, name = 'A Player'): GameEvent => ({
  type: 'tradeCompleted',
  userId: null,
  trade: {
    tradeId,
    itemType: 'player',
    itemId: 7,
    itemName: name,
    teamCode: 'BOS',
    buyerId: 1,
    sellerId: null,
    buyerUsername: 'amy',
    sellerUsername: null,
    shares: 1,
    priceCents: 150,
    at: Date.UTC(2026, 10, 21),
  },
});

/** A ws server with tRPC's handler (and our encoder) as the game wires it, with or without the ticker feed in front. */
async function harness(ticker: Ticker, bus: EventBus, feedOptions: TickerFeedOptions | null) {
  const server: Server = createServer();
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const feed = feedOptions ? new TickerFeed(() => ({ ticker, release: () => undefined }), appRouter, feedOptions) : null;
  const services = {
    ticker,
    bus,
    now: Date.now,
    access: { revision: 0 },
    league: { id: 1 },
    registry: { ofUser: () => [], leagueIdsOf: () => [] },
    hub: { get: () => null, peek: () => undefined, hold: () => null, onOpened: () => () => undefined, onClosed: () => () => undefined },
  };
  const context = { services, user: null, session: null, ip: '127.0.0.1', access: 'reader', leagueMissing: null, connection: false, renew: () => context };
  applyWSSHandler({
    wss,
    router: appRouter,
    createContext: () => context as unknown as Context,
    experimental_encoder: createSharedPayloadEncoder(),
  });
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      feed?.attach(ws, socket, req);
      wss.emit('connection', ws, req);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
  cleanup.push(async () => {
    feed?.close();
    for (const client of wss.clients) client.terminate();
    await new Promise((r) => server.close(r));
  });
  return { url, feed, wss };
}

/** A plain WebSocket client that keeps every text message it receives. */
async function plain(url: string) {
  const ws = new WebSocket(url);
  const messages: string[] = [];
  ws.on('message', (data) => messages.push(data.toString()));
  ws.on('error', () => {});
  await new Promise((r) => ws.once('open', r));
  cleanup.push(() => ws.terminate());
  return { ws, messages, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

type Data = { result?: { type?: string; id?: string; data?: { data?: { trades: unknown[]; skipped: number } } } };
const dataOf = (messages: string[]) => messages.map((m) => JSON.parse(m) as Data).filter((m) => m.result?.type === 'data');
const toldAbout = (messages: string[]) => dataOf(messages).reduce((n, m) => n + m.result!.data!.data!.trades.length + m.result!.data!.data!.skipped, 0);
const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('the ticker feed', () => {
  it('sends every kind of client the same bytes as tRPC’s own subscription path', async () => {
    const bus = new EventBus(1_000, 1);
    const ticker = new Ticker(bus, 20, 3);
    cleanup.push(() => ticker.stop());
    const servers = [await harness(ticker, bus, {}), await harness(ticker, bus, null)];
    bus.publish([trade(1)]);
    ticker.flush();
    const seen = String(bus.lastId);
    const clients = await Promise.all(
      servers.map(
        async ({ url }) => [await plain(url), await plain(url), await plain(`${url}?connectionParams=1`), await plain(`${url}?connectionParams=1`)] as const,
      ),
    );
    for (const [one, named, withParams, badParams] of clients) {
      one.send({ id: 1, method: 'subscription', params: { path: 'live.ticker', input: {} } });
      named.send({ id: 'x', jsonrpc: '2.0', method: 'subscription', params: { path: 'live.ticker', lastEventId: String(Number(seen) - 1) } });
      withParams.send({ method: 'connectionParams', data: { token: 'abc' } });
      badParams.send({ method: 'connectionParams', data: { token: null } });
      badParams.send({ id: 1, method: 'subscription', params: { path: 'live.ticker' } });
      // As @trpc/client batches what it sends in one turn: the ticker and a call only tRPC answers.
      withParams.send([
        { id: 3, method: 'subscription', params: { path: 'live.ticker', input: { lastEventId: seen } } },
        { id: 4, method: 'subscription', params: { path: 'live.events' } },
      ]);
    }
    await until(() =>
      clients.every(
        ([one, named, withParams, badParams]) =>
          one.messages.length === 1 && named.messages.length === 2 && withParams.messages.length === 2 && badParams.messages.length === 2,
      ),
    );
    expect(servers[0]!.feed!.size).toBe(3);
    bus.publish([1, 2, 3, 4, 5].map((n) => trade(10 + n, `Name ${n} "quoted" é`)));
    await until(() => clients.every((cs) => cs.slice(0, 3).every((c) => dataOf(c.messages).some((m) => m.result!.data!.data!.skipped === 2))));
    for (const [one, named, withParams] of clients) {
      one.send({ id: 1, method: 'subscription.stop' });
      named.send({ id: 'x', method: 'subscription', params: { path: 'live.ticker' } });
      withParams.send({ id: 5, method: 'subscription', params: { path: 'live.ticker', input: { lastEventId: 'not a number' } } });
    }
    await until(() =>
      clients.every(([one, named, withParams]) => one.messages.length === 3 && named.messages.length === 4 && withParams.messages.length === 4),
    );
    const [fed, trpc] = clients.map((cs) => cs.map((c) => [...c.messages].sort()));
    expect(fed).toEqual(trpc);
    expect(clients[0]![0].messages[1]).toMatch(
      /^\{"id":1,"result":\{"type":"data","id":"\d+","data":\{"id":"\d+","data":\{"type":"tradesCompleted","trades":\[/,
    );
    expect(clients[0]![0].messages[2]).toBe('{"id":1,"result":{"type":"stopped"}}');
    expect(servers[0]!.feed!.size).toBe(2);
  });

  it('lets a follower that stops reading skip messages, with what it missed counted in the next one it gets, and keeps the memory bounded', async () => {
    const bus = new EventBus(5_000, 1);
    const ticker = new Ticker(bus, 2, 20);
    cleanup.push(() => ticker.stop());
    const highWaterBytes = 64 * 1024;
    const { url, feed, wss } = await harness(ticker, bus, { highWaterBytes, stuckMs: 60_000 });
    const reader = await plain(url);
    const slow = await plain(url);
    for (const c of [reader, slow]) c.send({ id: 1, method: 'subscription', params: { path: 'live.ticker', input: {} } });
    await until(() => feed!.size === 2);
    // Long names make each message ~40 KB, so the kernel's socket buffers fill in a moment.
    const name = 'x'.repeat(2_000);
    slow.ws.pause();
    let id = 0;
    let published = 0;
    let mostBuffered = 0;
    let largestFrame = 0;
    const publish = () => {
      bus.publish(Array.from({ length: 20 }, () => trade(++id, name)));
      published += 20;
      for (const client of wss.clients) mostBuffered = Math.max(mostBuffered, client.bufferedAmount);
    };
    reader.ws.on('message', (data: Buffer) => (largestFrame = Math.max(largestFrame, data.length + 10)));
    while (feed!.stats.skipped < 50) {
      publish();
      await new Promise((r) => setTimeout(r, 3));
    }
    ticker.flush();
    await until(() => toldAbout(reader.messages) === published);
    // Bounded: what waits for the slow follower stays under the high-water mark plus one message.
    expect(mostBuffered).toBeLessThanOrEqual(highWaterBytes + largestFrame);
    expect(dataOf(reader.messages).every((m) => m.result!.data!.data!.skipped === 0)).toBe(true);
    // Reading again, it gets what was queued for it and then a message that counts every trade it skipped.
    slow.ws.resume();
    await until(() => [...wss.clients].every((client) => client.bufferedAmount < highWaterBytes));
    publish();
    ticker.flush();
    await until(() => toldAbout(slow.messages) === published);
    expect(dataOf(slow.messages).length).toBeLessThan(dataOf(reader.messages).length);
    expect(dataOf(slow.messages).at(-1)!.result!.data!.data!.skipped).toBeGreaterThan(0);
  });

  it('disconnects a follower that stays behind, and it resumes with the last id it saw', async () => {
    const bus = new EventBus(100_000, 1);
    const ticker = new Ticker(bus, 2, 20);
    cleanup.push(() => ticker.stop());
    const heard = { following: 0, delivered: 0, skipped: 0, disconnected: 0 };
    const observer = {
      followed: () => {
        heard.following += 1;
        return () => (heard.following -= 1);
      },
      delivered: () => (heard.delivered += 1),
      skipped: () => (heard.skipped += 1),
      disconnected: () => (heard.disconnected += 1),
    };
    const { url, feed } = await harness(ticker, bus, { highWaterBytes: 16 * 1024, stuckMs: 200, observer });
    const stuck = await plain(url);
    stuck.send({ id: 1, method: 'subscription', params: { path: 'live.ticker', input: {} } });
    await until(() => feed!.size === 1);
    let id = 0;
    bus.publish([trade(++id)]);
    await until(() => dataOf(stuck.messages).length === 1);
    const lastSeen = dataOf(stuck.messages)[0]!.result!.id!;
    stuck.ws.pause();
    const name = 'y'.repeat(2_000);
    while (feed!.stats.disconnected === 0) {
      bus.publish(Array.from({ length: 20 }, () => trade(++id, name)));
      await new Promise((r) => setTimeout(r, 3));
    }
    await until(() => feed!.size === 0);
    // Its observer (the metrics) heard the same: every write, every skip, the disconnection, the follower gone.
    expect(heard).toEqual({ following: 0, delivered: feed!.stats.written, skipped: feed!.stats.skipped, disconnected: 1 });
    expect(heard.skipped).toBeGreaterThan(0);
    ticker.flush();
    const back = await plain(url);
    back.send({ id: 1, method: 'subscription', params: { path: 'live.ticker', input: { lastEventId: lastSeen } } });
    await until(() => dataOf(back.messages).length === 1);
    // What it missed, as far as the history reaches: the newest trades listed, the others counted.
    expect(toldAbout(back.messages)).toBe(id - 1);
  });
});
