/**
 * Push notifications for real, without the internet: the server sends with web-push to this test's
 * own HTTPS push endpoint, and the test decrypts each message with the keys it made for the
 * subscription (as a browser would) and reads the text.
 */
import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../shared/push.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import { browserKeys, decryptPushBody, startPushEndpoint, verifyVapid, type BrowserKeys } from './test-support/push-endpoint.js';

// A burst is twelve HTTP calls: on a loaded machine they took more than 300 ms (the first message then counted 30 of the 120 shares).
const GATHER_MS = 1_000;
const WINDOW_MS = 3_000;

let server: TestServer;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let publicKey = '';

type User = Awaited<ReturnType<typeof registerUser>>;
interface Player {
  id: number;
  name: string;
  salary: number;
  shares_remaining: number;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await wait(25);
  }
}

async function subscribe(user: User, path: string, kinds: string[]): Promise<BrowserKeys> {
  const keys = browserKeys();
  const res = await api(
    server.url,
    'POST',
    '/push/subscriptions',
    { subscription: { endpoint: `${endpoint.origin}${path}`, keys: keys.json }, kinds },
    user.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return keys;
}

const requestsTo = (path: string) => endpoint.requests.filter((r) => r.path === path);
const message = (path: string, keys: BrowserKeys, index = 0) => JSON.parse(decryptPushBody(requestsTo(path)[index]!.body, keys)) as PushPayload;

/** A player nobody else trades in these tests, its open market bought out by `owner` (min sell price $1.10). */
async function ownedPlayer(owner: User, index: number): Promise<Player> {
  const players = (await api<Player[]>(server.url, 'GET', '/players')).body.sort((a, b) => a.salary - b.salary || a.id - b.id);
  const player = players[index]!;
  const buy = await api(
    server.url,
    'POST',
    '/trade/ask',
    { userId: owner.id, playerId: player.id, shares: player.shares_remaining, pricePerShare: 1 },
    owner.token,
  );
  expect(buy.status, JSON.stringify(buy.body)).toBe(200);
  return player;
}

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  server = await startTestServer({
    env: { PUSH_SERVICE_HOSTS: new URL(endpoint.origin).host },
    push: { gatherMs: GATHER_MS, windowMs: WINDOW_MS, agent: new Agent({ ca: endpoint.ca }) },
  });
  publicKey = (await api<{ publicKey: string }>(server.url, 'GET', '/push/public-key')).body.publicKey;
});
afterAll(async () => {
  await server?.stop();
  await endpoint?.stop();
});

describe('push notifications', () => {
  it('a burst of automatic sales reaches the seller as one message, "Sold automatically at your minimum price", encrypted for the subscription and signed with the server’s VAPID key', async () => {
    const alice = await registerUser(server.url);
    const bob = await registerUser(server.url);
    const player = await ownedPlayer(alice, 0);
    const keys = await subscribe(alice, '/push/alice', ['orderFilled']);

    // Twelve buys of Alice's shares (her standing sell at $1.10), all at once: a burst.
    const buys = await Promise.all(
      Array.from({ length: 12 }, () =>
        api(server.url, 'POST', '/trade/ask', { userId: bob.id, playerId: player.id, shares: 10, pricePerShare: 1.1 }, bob.token),
      ),
    );
    for (const b of buys) expect(b.status).toBe(200);

    const request = await until('the push message', () => requestsTo('/push/alice')[0]);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(String(request.headers.authorization), publicKey);
    expect(claims.aud).toBe(endpoint.origin);
    expect(claims.sub).toMatch(/^mailto:|^https:/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const payload = message('/push/alice', keys);
    console.log(`decrypted push message: ${JSON.stringify(payload)}`);
    expect(payload).toEqual({
      kind: 'orderFilled',
      title: `Sold automatically: ${player.name}`,
      body: 'Sold automatically at your minimum price of $1.10: 120 shares.',
      // It opens the sale's entry in the seller's inbox.
      url: expect.stringMatching(/^\/l\/hoops-exchange\/inbox\?entry=\d+$/),
      tag: `orderFilled:player:${player.id}`,
    });

    // More fills within the minute: nothing until the window ends, then one message for them.
    await api(server.url, 'POST', '/trade/ask', { userId: bob.id, playerId: player.id, shares: 5, pricePerShare: 1.1 }, bob.token);
    await wait(WINDOW_MS / 2);
    expect(requestsTo('/push/alice')).toHaveLength(1);
    await until('the second message', () => requestsTo('/push/alice')[1], WINDOW_MS * 2);
    expect(message('/push/alice', keys, 1)).toMatchObject({
      title: `Sold automatically: ${player.name}`,
      body: 'Sold automatically at your minimum price of $1.10: 5 shares.',
    });
  });

  it('tells a holder about a new offer, never its seller, and a bidder when outbid; nothing for kinds not chosen', async () => {
    const seller = await registerUser(server.url);
    const holder = await registerUser(server.url);
    const bidder = await registerUser(server.url);
    const player = await ownedPlayer(seller, 1);
    // The holder buys 10 of the seller's shares; then both raise their minimum prices so that no bid fills.
    expect((await api(server.url, 'POST', '/trade/ask', { userId: holder.id, playerId: player.id, shares: 10, pricePerShare: 1.1 }, holder.token)).status).toBe(
      200,
    );
    const holderKeys = await subscribe(holder, '/push/holder', ['newOffer']);
    await subscribe(seller, '/push/seller', ['newOffer', 'outbid']);
    const bidderKeys = await subscribe(bidder, '/push/bidder', ['outbid']);
    for (const user of [seller, holder]) {
      expect((await api(server.url, 'PUT', `/portfolio/${user.id}/min-sell-price/${player.id}`, { minSellPrice: 50 }, user.token)).status).toBe(200);
    }

    expect((await api(server.url, 'POST', '/offers', { userId: seller.id, playerId: player.id, shares: 25, pricePerShare: 9.5 }, seller.token)).status).toBe(
      200,
    );
    // The bidder's ask at $2, then the seller's at $3: the bidder is outbid.
    expect((await api(server.url, 'POST', '/trade/ask', { userId: bidder.id, playerId: player.id, shares: 3, pricePerShare: 2 }, bidder.token)).status).toBe(
      200,
    );
    expect((await api(server.url, 'POST', '/trade/ask', { userId: holder.id, playerId: player.id, shares: 3, pricePerShare: 3 }, holder.token)).status).toBe(
      200,
    );

    await until('the offer notice', () => requestsTo('/push/holder')[0]);
    expect(message('/push/holder', holderKeys)).toEqual({
      kind: 'newOffer',
      title: `New offer: ${player.name}`,
      body: `${seller.username} offers 25 shares at $9.50.`,
      url: `/l/hoops-exchange/market/${player.id}`,
      tag: `newOffer:player:${player.id}`,
    });
    await until('the outbid notice', () => requestsTo('/push/bidder')[0]);
    expect(message('/push/bidder', bidderKeys)).toMatchObject({
      kind: 'outbid',
      title: `Outbid on ${player.name}`,
      body: 'The best bid is now $3.00 (yours $2.00).',
    });
    await wait(GATHER_MS * 3);
    // The seller chose new offers and outbid: their own offer is no news to them, and they were not outbid.
    expect(requestsTo('/push/seller')).toHaveLength(0);
    // The holder chose only new offers: one message.
    expect(requestsTo('/push/holder')).toHaveLength(1);
  });

  it('deletes a subscription the push service reports gone (410), and sends nothing after unsubscribing', async () => {
    const carol = await registerUser(server.url);
    const dave = await registerUser(server.url);
    const buyer = await registerUser(server.url);
    const player = await ownedPlayer(carol, 2);
    expect((await api(server.url, 'POST', '/trade/ask', { userId: dave.id, playerId: player.id, shares: 10, pricePerShare: 1.1 }, dave.token)).status).toBe(
      200,
    );
    await subscribe(carol, '/push/carol', ['orderFilled']);
    await subscribe(dave, '/push/dave', ['orderFilled']);
    endpoint.answer.set('/push/carol', 410);
    const status = (user: User, path: string) =>
      api<{ kinds: string[] | null }>(server.url, 'POST', '/push/subscriptions/status', { endpoint: `${endpoint.origin}${path}` }, user.token);
    expect((await status(carol, '/push/carol')).body.kinds).toEqual(['orderFilled']);

    // Dave turns his switches off: the server forgets his subscription.
    const off = await api<{ removed: boolean }>(server.url, 'DELETE', '/push/subscriptions', { endpoint: `${endpoint.origin}/push/dave` }, dave.token);
    expect(off.body.removed).toBe(true);
    expect((await status(dave, '/push/dave')).body.kinds).toBeNull();

    // A fill for Carol: the push service answers 410 and the subscription is deleted.
    expect((await api(server.url, 'POST', '/trade/ask', { userId: buyer.id, playerId: player.id, shares: 1, pricePerShare: 1.1 }, buyer.token)).status).toBe(
      200,
    );
    await until('the send to a gone subscription', () => requestsTo('/push/carol')[0]);
    await until('the subscription removed', () => (server.services.push.stats().removed > 0 ? true : undefined));
    expect((await status(carol, '/push/carol')).body.kinds).toBeNull();

    // Dave's holding fills too, but he unsubscribed: nothing is sent to him.
    await api(server.url, 'PUT', `/portfolio/${carol.id}/min-sell-price/${player.id}`, { minSellPrice: 50 }, carol.token);
    expect((await api(server.url, 'POST', '/trade/ask', { userId: buyer.id, playerId: player.id, shares: 2, pricePerShare: 1.1 }, buyer.token)).status).toBe(
      200,
    );
    await wait(GATHER_MS * 3);
    expect(requestsTo('/push/dave')).toHaveLength(0);
  });

  it('tells each holder who opted in that a player they held retired, with what was bought back; nobody else', async () => {
    const [fan, quiet, admin] = [await registerUser(server.url), await registerUser(server.url), await registerUser(server.url)];
    server.services.users.setAdmin(admin.id, true);
    const player = (await api<Player[]>(server.url, 'GET', '/players')).body.sort((a, b) => a.salary - b.salary || a.id - b.id)[3]!;
    for (const [user, shares] of [
      [fan, 280_000],
      [quiet, 1_000],
    ] as const) {
      const buy = await api(server.url, 'POST', '/trade/ask', { userId: user.id, playerId: player.id, shares, pricePerShare: 1 }, user.token);
      expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    }
    const fanKeys = await subscribe(fan, '/push/retired-fan', ['retired']);
    // The quiet holder asked for fills only.
    await subscribe(quiet, '/push/retired-quiet', ['orderFilled']);

    expect((await api(server.url, 'POST', '/admin/retire-player', { playerId: player.id }, admin.token)).status).toBe(200);

    await until('the retirement notice', () => requestsTo('/push/retired-fan')[0]);
    expect(message('/push/retired-fan', fanKeys)).toEqual({
      kind: 'retired',
      title: `${player.name} retired`,
      body: `${player.name} retired: 280,000 shares bought back at $1.00 ($280,000.00 paid to you).`,
      url: expect.stringMatching(/^\/l\/hoops-exchange\/inbox\?entry=\d+$/),
      tag: `retired:player:${player.id}`,
    });
    await wait(GATHER_MS * 3);
    expect(requestsTo('/push/retired-fan')).toHaveLength(1);
    expect(requestsTo('/push/retired-quiet')).toHaveLength(0);
  });

  it('refuses subscriptions to push services the server does not send to, and another user’s endpoint stays theirs', async () => {
    const eve = await registerUser(server.url);
    const res = await api<{ error: string }>(
      server.url,
      'POST',
      '/push/subscriptions',
      { subscription: { endpoint: 'https://10.0.0.1/push', keys: browserKeys().json }, kinds: ['outbid'] },
      eve.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('This push service is not allowed on this server');
    const none = await api(
      server.url,
      'POST',
      '/push/subscriptions',
      { subscription: { endpoint: `${endpoint.origin}/push/eve`, keys: browserKeys().json }, kinds: [] },
      eve.token,
    );
    expect(none.status).toBe(400);
    expect((await api(server.url, 'DELETE', '/push/subscriptions', { endpoint: `${endpoint.origin}/push/eve` })).status).toBe(401);
  });
});
