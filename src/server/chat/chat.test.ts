import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXT, MESSAGE_MAX_CHARS } from '../../shared/chat.js';
import type { ChatLiveEvent, ChatMessage, ChatPage } from '../../shared/schemas/chat.js';
import { LEAGUE_TEXT, type LeagueView } from '../../shared/schemas/leagues.js';
import type { SeasonArchiveOut } from '../../shared/schemas/seasons.js';
import type { AppRouter } from '../routers/index.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

let server: TestServer;
let alice: TestUser; // the commissioner
let bob: TestUser;
let carol: TestUser; // never a member
let dave: TestUser; // removed later
let league: LeagueView;

const inLeague = (path: string) => `/leagues/${league.id}${path}`;
const post = (user: TestUser, text: unknown, extra: Record<string, unknown> = {}) =>
  api<{ message: ChatMessage }>(server.url, 'POST', inLeague('/chat'), { text, ...extra }, user.token);
const list = (user?: TestUser, query = '') => api<ChatPage>(server.url, 'GET', inLeague(`/chat${query}`), undefined, user?.token);

/** A tRPC query over HTTP naming the league, as the web app sends it: the status and the answer or error message. */
async function trpcQuery(path: string, input: unknown, token?: string, leagueId = league.id): Promise<{ status: number; data?: unknown; message?: string }> {
  const headers: Record<string, string> = { 'x-league-id': String(leagueId) };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  const body = (await res.json()) as { result?: { data: unknown }; error?: { message: string } };
  return { status: res.status, data: body.result?.data, message: body.error?.message };
}

/** A WebSocket client in the league following its chat: what it received, and the errors that ended it. */
function followChat(token?: string, leagueId = league.id) {
  const client = createWSClient({
    url: server.url.replace('http', 'ws') + '/trpc',
    WebSocket: WebSocket as never,
    connectionParams: { ...(token ? { token } : {}), leagueId: String(leagueId) },
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client })] });
  const seen = { events: [] as ChatLiveEvent[], errors: [] as string[], started: false };
  const sub = trpc.chat.live.subscribe(undefined, {
    onStarted: () => (seen.started = true),
    onData: (e) => seen.events.push((e as unknown as { data: ChatLiveEvent }).data),
    onError: (e) => seen.errors.push(e.message),
  });
  return {
    seen,
    trpc,
    texts: () => seen.events.flatMap((e) => (e.type === 'posted' ? [e.message.text] : [])),
    async close() {
      sub.unsubscribe();
      await client.close();
    },
  };
}

beforeAll(async () => {
  // The chat's rate limit has its own test (with its own server).
  server = await startTestServer({ chatRateLimit: { points: 10_000, durationSeconds: 1 } });
  [alice, bob, carol, dave] = [
    await registerUser(server.url, 'ch_alice'),
    await registerUser(server.url, 'ch_bob'),
    await registerUser(server.url, 'ch_carol'),
    await registerUser(server.url, 'ch_dave'),
  ];
  league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Trash Talkers', startingCash: 1_000_000 }, alice.token)).body.league;
  for (const u of [bob, dave]) await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, u.token);
});
afterAll(() => server.stop());

describe('posting and reading', () => {
  it('answers a post with the issue’s shape and lists the feed newest first, a page at a time, with the members who joined', async () => {
    const first = await post(bob, 'Good luck everyone');
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({ userId: bob.id, username: 'ch_bob', text: 'Good luck everyone', kind: 'message', reactions: [] });
    expect(first.body.message.id).toBeGreaterThan(0);
    expect(new Date(first.body.message.createdAt).toISOString()).toBe(first.body.message.createdAt);
    for (const text of ['two', 'three', 'four']) expect((await post(alice, text)).status).toBe(200);

    const page1 = await list(bob, '?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.messages.map((m) => m.text)).toEqual(['four', 'three']);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await list(bob, `?limit=3&cursor=${page1.body.nextCursor}`);
    expect(page2.body.messages.map((m) => m.text)).toEqual(['two', 'Good luck everyone', 'ch_dave joined the league']);
    const rest = await list(bob, `?cursor=${page2.body.nextCursor}`);
    expect(rest.body.messages.map((m) => m.text)).toEqual(['ch_bob joined the league', 'ch_alice joined the league']);
    expect(rest.body.messages.map((m) => m.kind)).toEqual(['newMember', 'newMember']);
    expect(rest.body.nextCursor).toBeNull();
    expect(await list(bob, '?cursor=not*a*cursor')).toMatchObject({ status: 400 });
  });

  it('keeps `<script>` and a right-to-left override as the text they are, over REST and tRPC', async () => {
    const script = '<script>alert("pwned")</script> & <b>bold</b>';
    const rtl = 'evil \u202Egnp.exe\u202C file';
    const a = await post(bob, script);
    const b = await post(bob, rtl);
    expect(a.body.message.text).toBe(script);
    expect(b.body.message.text).toBe(rtl);
    const overTrpc = await trpcQuery('chat.list', { limit: 2 }, bob.token);
    expect((overTrpc.data as ChatPage).messages.map((m) => m.text)).toEqual([rtl, script]);
    const raw = await fetch(`${server.url}/api${inLeague('/chat?limit=2')}`, { headers: { authorization: `Bearer ${bob.token}` } });
    expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses an empty message, one over 500 characters and one that is not text, and changes nothing', async () => {
    const before = (await list(bob)).body.messages.length;
    expect(await post(bob, '   \n  ')).toMatchObject({ status: 400, body: { error: CHAT_TEXT.empty } });
    expect(await post(bob, 'x'.repeat(MESSAGE_MAX_CHARS + 1))).toMatchObject({ status: 400, body: { error: CHAT_TEXT.tooLong } });
    expect(await post(bob, 42)).toMatchObject({ status: 400 });
    // 500 characters counted as a person counts them: emoji are one each.
    expect((await post(bob, '🏀'.repeat(MESSAGE_MAX_CHARS))).status).toBe(200);
    expect((await list(bob)).body.messages.length).toBe(before + 1);
  });
});

describe('every chat command happens once (the Idempotency-Key)', () => {
  let n = 0;
  const newKey = () => `chat-key-${process.pid}-${++n}`;
  /** A REST call with an `Idempotency-Key` header: the status, the answer and whether it was a replay. */
  async function keyed<T = Record<string, unknown>>(method: string, path: string, body: unknown, user: TestUser, key: string) {
    const res = await fetch(`${server.url}/api${inLeague(path)}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': key },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T, replayed: res.headers.get('idempotent-replayed') };
  }
  /** The keys the league's file keeps, with their commands. */
  const keptKeys = (user: TestUser) =>
    server.serverServices
      .forLeague(league.id)!
      .db.$client.prepare<[number], { key: string; command: string }>('SELECT key, command FROM idempotency_keys WHERE user_id = ? ORDER BY key')
      .all(user.id);

  it('answers a post sent again with its key with the first message and Idempotent-Replayed, written once; another text with it is refused', async () => {
    const key = newKey();
    const one = await keyed<{ message: ChatMessage }>('POST', '/chat', { text: 'only once' }, bob, key);
    expect(one).toMatchObject({ status: 200, replayed: null });
    const two = await keyed<{ message: ChatMessage }>('POST', '/chat', { text: 'only once' }, bob, key);
    expect(two).toEqual({ status: 200, body: one.body, replayed: 'true' });
    expect((await list(bob, '?limit=10')).body.messages.filter((m) => m.text === 'only once')).toHaveLength(1);
    expect(await keyed('POST', '/chat', { text: 'something else' }, bob, key)).toMatchObject({ status: 422 });
    expect((await list(bob, '?limit=10')).body.messages.some((m) => m.text === 'something else')).toBe(false);
    // The key is kept in the league's file (where the message is), and over tRPC the same key is the same command.
    expect(keptKeys(bob)).toContainEqual({ key, command: 'chat.post' });
    const overTrpc = await fetch(`${server.url}/trpc/chat.post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.token}`, 'x-league-id': String(league.id) },
      body: JSON.stringify({ text: 'only once', idempotencyKey: key }),
    });
    expect(((await overTrpc.json()) as { result: { data: unknown } }).result.data).toEqual(one.body);
  });

  it('keeps a refusal as the first answer: a muted member’s post sent again after the unmute is still refused, and nothing is written', async () => {
    await api(server.url, 'POST', inLeague('/chat/mutes'), { userId: dave.id, minutes: 5 }, alice.token);
    const key = newKey();
    const refused = await keyed('POST', '/chat', { text: 'muted words' }, dave, key);
    expect(refused.status).toBe(403);
    await api(server.url, 'DELETE', inLeague(`/chat/mutes/${dave.id}`), undefined, alice.token);
    expect(await keyed('POST', '/chat', { text: 'muted words' }, dave, key)).toEqual({ ...refused, replayed: 'true' });
    expect((await list(dave, '?limit=10')).body.messages.some((m) => m.text === 'muted words')).toBe(false);
  });

  it('does a reaction, a deletion, a mute and an unmute once per key', async () => {
    const m = (await post(alice, 'react once')).body.message;
    const reactKey = newKey();
    const on = await keyed('POST', `/chat/${m.id}/reactions`, { emoji: '🔥', on: true }, bob, reactKey);
    // Taken back in between: the replay of the first reaction answers as it did and adds nothing.
    await api(server.url, 'POST', inLeague(`/chat/${m.id}/reactions`), { emoji: '🔥', on: false }, bob.token);
    expect(await keyed('POST', `/chat/${m.id}/reactions`, { emoji: '🔥', on: true }, bob, reactKey)).toEqual({ ...on, replayed: 'true' });
    expect((await list(alice, '?limit=1')).body.messages[0]!.reactions).toEqual([]);

    const muteKey = newKey();
    const muted = await keyed('POST', '/chat/mutes', { userId: dave.id, minutes: 10 }, alice, muteKey);
    expect(muted.status).toBe(200);
    const unmuteKey = newKey();
    expect((await keyed('DELETE', `/chat/mutes/${dave.id}`, undefined, alice, unmuteKey)).status).toBe(200);
    // Sent again, the mute answers its first answer and mutes nobody; the unmute too.
    expect(await keyed('POST', '/chat/mutes', { userId: dave.id, minutes: 10 }, alice, muteKey)).toEqual({ ...muted, replayed: 'true' });
    expect((await api<{ mutes: unknown[] }>(server.url, 'GET', inLeague('/chat/mutes'), undefined, alice.token)).body.mutes).toEqual([]);
    expect((await keyed('DELETE', `/chat/mutes/${dave.id}`, undefined, alice, unmuteKey)).replayed).toBe('true');

    const deleteKey = newKey();
    const deleted = await keyed('DELETE', `/chat/${m.id}`, undefined, alice, deleteKey);
    expect(deleted).toMatchObject({ status: 200, body: { id: m.id, deleted: true } });
    expect(await keyed('DELETE', `/chat/${m.id}`, undefined, alice, deleteKey)).toEqual({ ...deleted, replayed: 'true' });
    expect(keptKeys(alice).map((k) => k.command)).toEqual(expect.arrayContaining(['chat.mute', 'chat.unmute', 'chat.delete']));
  });
});

describe('the rate limit', () => {
  it('refuses a burst past the limit with a message saying when the member can post again', async () => {
    const limited = await startTestServer({ chatRateLimit: { points: 3, durationSeconds: 30 } });
    try {
      const u = await registerUser(limited.url, 'ch_fast');
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await api(limited.url, 'POST', '/chat', { text: `spam ${i}` }, u.token));
      expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[3]!.status).toBe(429);
      expect((answers[3]!.body as { error: string }).error).toMatch(/^You are posting too fast: you can post again in (\d+) seconds?\./);
    } finally {
      await limited.stop();
    }
  });
});

describe('reactions, deleting and muting', () => {
  it('counts each member’s reaction once, and takes it back', async () => {
    const m = (await post(alice, 'react to this')).body.message;
    const react = (u: TestUser, emoji: string, on = true) =>
      api<{ reactions: ChatMessage['reactions'] }>(server.url, 'POST', inLeague(`/chat/${m.id}/reactions`), { emoji, on }, u.token);
    await react(bob, '🔥');
    await react(bob, '🔥');
    const both = await react(alice, '🔥');
    expect(both.body.reactions).toEqual([{ emoji: '🔥', count: 2, mine: true }]);
    const off = await react(bob, '🔥', false);
    expect(off.body.reactions).toEqual([{ emoji: '🔥', count: 1, mine: false }]);
    expect(await react(bob, '<img>')).toMatchObject({ status: 400 });
    const shown = (await list(alice, '?limit=1')).body.messages[0]!;
    expect(shown.reactions).toEqual([{ emoji: '🔥', count: 1, mine: true }]);
  });

  it('lets the author and the commissioner delete a message, and nobody else', async () => {
    const mine = (await post(bob, 'oops')).body.message;
    const theirs = (await post(bob, 'rude')).body.message;
    expect(await api(server.url, 'DELETE', inLeague(`/chat/${mine.id}`), undefined, dave.token)).toMatchObject({
      status: 403,
      body: { error: CHAT_TEXT.notYours },
    });
    expect(await api(server.url, 'DELETE', inLeague(`/chat/${mine.id}`), undefined, bob.token)).toMatchObject({
      status: 200,
      body: { id: mine.id, deleted: true },
    });
    expect(await api(server.url, 'DELETE', inLeague(`/chat/${mine.id}`), undefined, bob.token)).toMatchObject({ status: 200 });
    expect(await api(server.url, 'DELETE', inLeague(`/chat/${theirs.id}`), undefined, alice.token)).toMatchObject({ status: 200 });
    const ids = (await list(bob, '?limit=20')).body.messages.map((m) => m.id);
    expect(ids).not.toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(await api(server.url, 'DELETE', inLeague('/chat/999999'), undefined, alice.token)).toMatchObject({ status: 404 });
  });

  it('lets only the commissioner mute a member, who cannot post until unmuted', async () => {
    expect(await api(server.url, 'POST', inLeague('/chat/mutes'), { userId: alice.id }, bob.token)).toMatchObject({
      status: 403,
      body: { error: CHAT_TEXT.commissionerOnly },
    });
    const muted = await api<{ mute: { until: string | null } }>(server.url, 'POST', inLeague('/chat/mutes'), { userId: dave.id, minutes: 60 }, alice.token);
    expect(muted.status).toBe(200);
    const refused = await post(dave, 'let me talk');
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { error: string }).error).toMatch(
      /^The commissioner muted you in this league’s chat until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    expect(
      (await api<{ mutes: { userId: number }[] }>(server.url, 'GET', inLeague('/chat/mutes'), undefined, alice.token)).body.mutes.map((m) => m.userId),
    ).toEqual([dave.id]);
    expect(await api(server.url, 'POST', inLeague('/chat/mutes'), { userId: alice.id }, alice.token)).toMatchObject({ status: 400 });
    expect(await api(server.url, 'DELETE', inLeague(`/chat/mutes/${dave.id}`), undefined, alice.token)).toMatchObject({ status: 200 });
    expect((await post(dave, 'thanks')).status).toBe(200);
  });
});

describe('unread', () => {
  it('counts what others wrote since the member last read, and clears when read', async () => {
    const read = await api<{ count: number }>(server.url, 'GET', inLeague('/chat/unread'), undefined, dave.token);
    expect(read.body.count).toBeGreaterThan(0);
    const newest = (await list(dave, '?limit=1')).body.messages[0]!;
    expect(await api(server.url, 'POST', inLeague('/chat/read'), { lastReadId: newest.id }, dave.token)).toMatchObject({ status: 200, body: { count: 0 } });
    await post(dave, 'my own message is never unread');
    await post(bob, 'one for dave');
    expect((await api<{ count: number }>(server.url, 'GET', inLeague('/chat/unread'), undefined, dave.token)).body.count).toBe(1);
  });
});

describe('live over the WebSocket', () => {
  it('sends each member’s message to the other at once, and reactions and deletions after it', async () => {
    const bobs = followChat(bob.token);
    const alices = followChat(alice.token);
    try {
      await expect.poll(() => bobs.seen.started && alices.seen.started, { timeout: 10_000 }).toBe(true);
      const sent = (await post(alice, 'live from alice')).body.message;
      await post(bob, 'live from bob');
      await expect.poll(() => bobs.texts(), { timeout: 10_000 }).toEqual(['live from alice', 'live from bob']);
      await expect.poll(() => alices.texts(), { timeout: 10_000 }).toEqual(['live from alice', 'live from bob']);
      await api(server.url, 'POST', inLeague(`/chat/${sent.id}/reactions`), { emoji: '😂' }, bob.token);
      await api(server.url, 'DELETE', inLeague(`/chat/${sent.id}`), undefined, alice.token);
      await expect
        .poll(() => bobs.seen.events.slice(2), { timeout: 10_000 })
        .toEqual([
          { type: 'reacted', id: sent.id, emoji: '😂', count: 1, userId: bob.id, on: true },
          { type: 'deleted', id: sent.id },
        ]);
    } finally {
      await Promise.all([bobs.close(), alices.close()]);
    }
  });
});

describe('who may read and write', () => {
  it('refuses a non-member of an invite-only league over REST, tRPC and the WebSocket', async () => {
    for (const token of [undefined, carol.token]) {
      expect(await api(server.url, 'GET', inLeague('/chat'), undefined, token)).toMatchObject({ status: 403, body: { error: LEAGUE_TEXT.inviteOnly } });
      expect(await trpcQuery('chat.list', {}, token)).toMatchObject({ status: 403, message: LEAGUE_TEXT.inviteOnly });
    }
    expect(await post(carol, 'let me in')).toMatchObject({ status: 403 });
    const carols = followChat(carol.token);
    try {
      await expect.poll(() => carols.seen.errors, { timeout: 10_000 }).toEqual([LEAGUE_TEXT.inviteOnly]);
      await post(bob, 'carol must not see this');
      await new Promise((r) => setTimeout(r, 300));
      expect(carols.seen.events).toEqual([]);
    } finally {
      await carols.close();
    }
  });

  it('cuts a removed member off at once: REST, tRPC, and the WebSocket they had open', async () => {
    const daves = followChat(dave.token);
    try {
      await expect.poll(() => daves.seen.started, { timeout: 10_000 }).toBe(true);
      await post(bob, 'before the removal');
      await expect.poll(() => daves.texts(), { timeout: 10_000 }).toEqual(['before the removal']);
      expect((await api(server.url, 'DELETE', `/leagues/${league.id}/members/${dave.id}`, undefined, alice.token)).status).toBe(200);
      await post(bob, 'after the removal');
      await expect.poll(() => daves.seen.errors.length, { timeout: 10_000 }).toBe(1);
      expect(daves.texts()).toEqual(['before the removal']);
      // A query sent on the connection that was opened while he was a member.
      await expect(daves.trpc.chat.list.query({})).rejects.toThrow();
    } finally {
      await daves.close();
    }
    expect(await api(server.url, 'GET', inLeague('/chat'), undefined, dave.token)).toMatchObject({ status: 403 });
    expect(await trpcQuery('chat.list', {}, dave.token)).toMatchObject({ status: 403 });
    expect(await post(dave, 'still here?')).toMatchObject({ status: 403 });
  });
});

describe('removal is removal, in an open league too', () => {
  it('lets a member removed from an open league read nothing of its chat, post nothing and receive none of it live: REST, tRPC over HTTP, and the WebSocket they had open; let back in, they read it again only once they join again', async () => {
    const erin = await registerUser(server.url, 'ch_erin');
    const open = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Open Mic', startingCash: 1_000_000 }, alice.token)).body.league;
    expect((await api(server.url, 'PATCH', `/leagues/${open.id}`, { open: true }, alice.token)).status).toBe(200);
    for (const u of [bob, erin]) expect((await api(server.url, 'POST', '/leagues/join', { code: open.inviteCode }, u.token)).status).toBe(200);
    const at = (path: string) => `/leagues/${open.id}${path}`;
    const say = (user: TestUser, text: string) => api<{ message: ChatMessage }>(server.url, 'POST', at('/chat'), { text }, user.token);
    const texts = (page: ChatPage) => page.messages.filter((m) => m.kind === 'message').map((m) => m.text);

    const erins = followChat(erin.token, open.id);
    try {
      await expect.poll(() => erins.seen.started, { timeout: 10_000 }).toBe(true);
      expect((await say(bob, 'before the removal')).status).toBe(200);
      await expect.poll(() => erins.texts(), { timeout: 10_000 }).toEqual(['before the removal']);
      expect(texts((await erins.trpc.chat.list.query({})) as ChatPage)).toEqual(['before the removal']);

      expect((await api(server.url, 'DELETE', `/leagues/${open.id}/members/${erin.id}`, undefined, alice.token)).status).toBe(200);
      expect((await say(bob, 'after the removal')).status).toBe(200);
      await expect.poll(() => erins.seen.errors, { timeout: 10_000 }).toContain(CHAT_TEXT.removed);
      // Calls on the connection opened while she was a member (it reconnects, as the web app does): judged as she is now.
      await expect(erins.trpc.chat.list.query({})).rejects.toThrow(CHAT_TEXT.removed);
      await expect(erins.trpc.chat.post.mutate({ text: 'still here?' })).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 300));
      expect(erins.texts()).toEqual(['before the removal']);
    } finally {
      await erins.close();
    }

    // Over REST and tRPC over HTTP: nothing to read, nothing posted; anyone else may still read the open league's chat.
    expect(await api(server.url, 'GET', at('/chat'), undefined, erin.token)).toMatchObject({ status: 403, body: { error: CHAT_TEXT.removed } });
    expect(await trpcQuery('chat.list', {}, erin.token, open.id)).toMatchObject({ status: 403, message: CHAT_TEXT.removed });
    expect(await say(erin, 'let me back')).toMatchObject({ status: 403 });
    const visitor = await api<ChatPage>(server.url, 'GET', at('/chat'));
    expect(visitor.status).toBe(200);
    expect(texts(visitor.body)).toEqual(['after the removal', 'before the removal']);

    // Let back in, she is not a member until she joins again: then the chat is hers again.
    expect((await api(server.url, 'DELETE', `/leagues/${open.id}/removed/${erin.id}`, undefined, alice.token)).status).toBe(200);
    expect(await api(server.url, 'GET', at('/chat'), undefined, erin.token)).toMatchObject({ status: 403, body: { error: CHAT_TEXT.removed } });
    expect((await api(server.url, 'POST', '/leagues/join', { code: open.inviteCode }, erin.token)).status).toBe(200);
    const back = await api<ChatPage>(server.url, 'GET', at('/chat'), undefined, erin.token);
    expect(back.status).toBe(200);
    expect(texts(back.body)).toEqual(['after the removal', 'before the removal']);
    expect((await say(erin, 'back again')).status).toBe(200);
  });

  it('judges removal from the registry: a removal recorded there and not yet in the league’s file (a crash between) already bars the chat', async () => {
    const fred = await registerUser(server.url, 'ch_fred');
    const open = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Half Court', startingCash: 1_000_000 }, alice.token)).body.league;
    expect((await api(server.url, 'PATCH', `/leagues/${open.id}`, { open: true }, alice.token)).status).toBe(200);
    expect((await api(server.url, 'POST', '/leagues/join', { code: open.inviteCode }, fred.token)).status).toBe(200);
    expect((await api(server.url, 'GET', `/leagues/${open.id}/chat`, undefined, fred.token)).status).toBe(200);
    const { registry, accounts } = server.serverServices;
    accounts.$client.transaction(() => {
      registry.recordRemoval(open.id, fred.id, Date.now(), alice.id);
      registry.removeMember(open.id, fred.id);
    })();
    expect(await api(server.url, 'GET', `/leagues/${open.id}/chat`, undefined, fred.token)).toMatchObject({ status: 403, body: { error: CHAT_TEXT.removed } });
    expect(await trpcQuery('chat.list', {}, fred.token, open.id)).toMatchObject({ status: 403, message: CHAT_TEXT.removed });
  });
});

describe('the league’s moments', () => {
  it('tells a big purchase, in the feed and live', async () => {
    const players = await api<{ id: number; name: string; salary: number }[]>(server.url, 'GET', inLeague('/players'), undefined, bob.token);
    const big = players.body.find((p) => p.salary >= 200_000)!;
    const bobs = followChat(bob.token);
    try {
      await expect.poll(() => bobs.seen.started, { timeout: 10_000 }).toBe(true);
      // $1,000,000 starting cash: a purchase of $100,000 or more is a big trade; $500 is not.
      await api(server.url, 'POST', inLeague('/trade/ask'), { userId: bob.id, playerId: big.id, shares: 500, pricePerShare: 1 }, bob.token);
      await api(server.url, 'POST', inLeague('/trade/ask'), { userId: bob.id, playerId: big.id, shares: 150_000, pricePerShare: 1 }, bob.token);
      const text = `ch_bob bought 150,000 shares of ${big.name} at $1.00 ($150,000.00) on the open market`;
      const bigTrades = () => bobs.seen.events.flatMap((e) => (e.type === 'posted' && e.message.kind === 'bigTrade' ? [e.message.text] : []));
      await expect.poll(bigTrades, { timeout: 10_000 }).toEqual([text]);
      const shown = (await list(bob, '?limit=5')).body.messages.find((m) => m.kind === 'bigTrade')!;
      expect(shown).toMatchObject({ kind: 'bigTrade', userId: bob.id, username: 'ch_bob', text, details: { shares: 150_000, price: 1, total: 150_000 } });
    } finally {
      await bobs.close();
    }
  });

  it('tells the end of a season once', async () => {
    const ended = await api(server.url, 'POST', inLeague('/seasons/end'), { confirm: 'Trash Talkers' }, alice.token);
    expect(ended.status).toBe(200);
    const shown = (await list(bob, '?limit=1')).body.messages[0]!;
    // By net worth at the marks, bob's purchases at the open market's $1.00 left him level with alice (dave was removed):
    // co-winners, each named, as the archive's winners and the recap's champions.
    expect(shown).toMatchObject({ kind: 'seasonEnded', userId: null, username: null, text: 'Season 1 ended: ch_alice and ch_bob share the title' });
    const archive = (await api<SeasonArchiveOut>(server.url, 'GET', inLeague('/seasons/1'), undefined, bob.token)).body;
    expect(archive.season.winners.map((w) => w.username)).toEqual(['ch_alice', 'ch_bob']);
    expect(archive.recap.champions.map((c) => c.username)).toEqual(['ch_alice', 'ch_bob']);
    expect((await list(bob, '?limit=5')).body.messages.filter((m) => m.kind === 'seasonEnded')).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('describes the chat’s paths with the shapes scripts rely on', async () => {
    type Doc = {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } }> }>
      >;
    };
    const doc = (await api<Doc>(server.url, 'GET', '/openapi.json')).body;
    const answer = (path: string, method: string) => doc.paths[path]![method]!.responses['200']!.content['application/json'].schema;
    const posted = answer('/chat', 'post').properties.message as { properties: Record<string, unknown> };
    expect(Object.keys(posted.properties)).toEqual(expect.arrayContaining(['id', 'userId', 'username', 'text', 'createdAt']));
    expect(Object.keys(answer('/chat', 'get').properties)).toEqual(['messages', 'nextCursor']);
    expect(doc.paths['/chat/{messageId}']?.delete).toBeDefined();
  });
});
