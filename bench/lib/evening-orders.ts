/**
 * The evening scenario's orders: what the members of one friend group send, as the web app sends it
 * (a tRPC mutation over HTTP, `x-league-id` and an idempotency key), chosen from what the league
 * holds as the answers tell it: buys (from the open market at $1.00), offers of shares held, accepts
 * of another member's offer, dumps to the open market and cancels of one's own offer.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { isStaleConnection } from './growth-clients.js';
import type { Member } from './leagues-build.js';
import { between } from './rng.js';

export const ORDER_KINDS = ['buy', 'listOffer', 'acceptOffer', 'dump', 'cancelOffer'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** What a group's members send, in shares of all orders (a kind that cannot be sent, e.g. nothing to sell, becomes a buy). */
export const ORDER_MIX: Readonly<Record<OrderKind, number>> = { buy: 0.4, listOffer: 0.2, acceptOffer: 0.15, dump: 0.1, cancelOffer: 0.15 };

export interface OrderAnswer {
  kind: OrderKind;
  ms: number;
  /** 200: done; 4xx: refused by the game (nothing written); otherwise (5xx, 0 for no answer) failed. */
  status: number;
  error?: string;
}

interface Offer {
  userId: number;
  playerId: number;
  shares: number;
}

interface CommandResult {
  fills: { sellerId: number | null; shares: number }[];
  offer: { id: number; shares: number } | null;
  holding: { shares: number } | null;
}

/** One command as tRPC's httpBatchLink sends it; the answer's status and data. */
function mutation(
  agent: http.Agent,
  url: string,
  token: string,
  leagueId: number,
  path: string,
  input: unknown,
): Promise<{ status: number; data?: CommandResult; text: string }> {
  const body = JSON.stringify({ 0: input });
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const send = (retry: boolean) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(port),
          method: 'POST',
          path: `/trpc/${path}?batch=1`,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'x-league-id': String(leagueId),
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status !== 200) return resolve({ status, text });
            const answer = JSON.parse(text) as [{ result: { data: CommandResult } }];
            resolve({ status, data: answer[0].result.data, text });
          });
          res.on('error', () => resolve({ status: 0, text: 'answer cut' }));
        },
      );
      // A kept-alive connection the server closed as it was reused: the same command (the same idempotency key) again on a new one.
      req.on('error', (e) => (retry && isStaleConnection(req, e) ? send(false) : resolve({ status: 0, text: e.message })));
      req.end(body);
    };
    send(true);
  });
}

/** One league's traders: its members with the app open, what each holds and lists, the open offers. */
export class LeagueTraders {
  /** Shares held, listed or not: user → player → shares. */
  private readonly held = new Map<number, Map<number, number>>();
  private readonly offers = new Map<number, Offer>();

  constructor(
    private readonly url: string,
    private readonly agent: http.Agent,
    readonly leagueId: number,
    private readonly members: readonly Member[],
    private readonly players: readonly number[],
    private readonly random: () => number,
  ) {}

  private heldOf(userId: number): Map<number, number> {
    let m = this.held.get(userId);
    if (!m) this.held.set(userId, (m = new Map()));
    return m;
  }

  private listed(userId: number, playerId: number): number {
    let n = 0;
    for (const o of this.offers.values()) if (o.userId === userId && o.playerId === playerId) n += o.shares;
    return n;
  }

  /** A player the user holds unlisted shares of, and how many. */
  private sellable(userId: number): { playerId: number; shares: number } | null {
    const options = [...this.heldOf(userId)]
      .map(([playerId, shares]) => ({ playerId, shares: shares - this.listed(userId, playerId) }))
      .filter((o) => o.shares > 0);
    return options.length === 0 ? null : options[Math.floor(this.random() * options.length)]!;
  }

  private pickKind(): OrderKind {
    let x = this.random();
    for (const kind of ORDER_KINDS) {
      x -= ORDER_MIX[kind];
      if (x < 0) return kind;
    }
    return 'buy';
  }

  /** The next order of a random member: its command, sent and answered. */
  async next(): Promise<OrderAnswer> {
    const member = this.members[Math.floor(this.random() * this.members.length)]!;
    const user = member.userId;
    let kind = this.pickKind();
    let path = 'trade.buy';
    let input: Record<string, unknown> | null = null;
    let offerId: number | null = null;
    let playerId = this.players[Math.floor(this.random() * this.players.length)]!;
    if (kind === 'listOffer' || kind === 'dump') {
      const s = this.sellable(user);
      if (s) {
        playerId = s.playerId;
        const shares = between(this.random, 1, s.shares);
        path = kind === 'dump' ? 'trade.dump' : 'trade.listOffer';
        input =
          kind === 'dump'
            ? { instrument: { kind: 'player', id: playerId }, shares }
            : { instrument: { kind: 'player', id: playerId }, shares, priceCents: between(this.random, 105, 250) };
      }
    } else if (kind === 'acceptOffer' || kind === 'cancelOffer') {
      const candidates = [...this.offers].filter(([, o]) => (kind === 'cancelOffer' ? o.userId === user : o.userId !== user));
      if (candidates.length > 0) {
        const [id, o] = candidates[Math.floor(this.random() * candidates.length)]!;
        offerId = id;
        playerId = o.playerId;
        path = `trade.${kind}`;
        input = kind === 'cancelOffer' ? { offerId: id } : { offerId: id, shares: between(this.random, 1, o.shares) };
      }
    }
    if (input === null) {
      kind = 'buy';
      input = { instrument: { kind: 'player', id: playerId }, shares: between(this.random, 1, 50), priceCents: between(this.random, 100, 160) };
    }
    const started = performance.now();
    const answer = await mutation(this.agent, this.url, member.token, this.leagueId, path, { ...input, idempotencyKey: randomUUID() });
    const ms = performance.now() - started;
    if (answer.data) this.learn(kind, user, playerId, offerId, answer.data);
    // An offer gone meanwhile (taken or cancelled): forgotten.
    else if (offerId !== null && answer.status >= 400 && answer.status < 500) this.offers.delete(offerId);
    return { kind, ms, status: answer.status, ...(answer.status === 200 ? {} : { error: `${path}: ${answer.status} ${answer.text.slice(0, 160)}` }) };
  }

  /** What an answer says of the caller's holding, the offers and the sellers it bought from. */
  private learn(kind: OrderKind, userId: number, playerId: number, offerId: number | null, r: CommandResult): void {
    this.heldOf(userId).set(playerId, r.holding?.shares ?? 0);
    for (const f of r.fills) {
      if (f.sellerId === null || f.sellerId === userId) continue;
      const theirs = this.heldOf(f.sellerId);
      theirs.set(playerId, Math.max(0, (theirs.get(playerId) ?? 0) - f.shares));
    }
    if (kind === 'acceptOffer' && offerId !== null) {
      const o = this.offers.get(offerId);
      const taken = r.fills.reduce((n, f) => n + f.shares, 0);
      if (o && o.shares > taken) o.shares -= taken;
      else this.offers.delete(offerId);
    }
    if (kind === 'cancelOffer' && offerId !== null) this.offers.delete(offerId);
    if (r.offer) this.offers.set(r.offer.id, { userId, playerId, shares: r.offer.shares });
  }
}
