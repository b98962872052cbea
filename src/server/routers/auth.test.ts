import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '../../shared/schemas/auth.js';
import { DB_FILE } from '../start.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import type { AppRouter } from './index.js';

let server: TestServer;
let clock = Date.now();

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

function trpcAs(token?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });
}

describe('register', () => {
  it('creates an account with $80,000,000 and returns a token and the public user', async () => {
    const res = await api<{ token: string; user: Record<string, unknown> }>(server.url, 'POST', '/auth/register', {
      username: '  Rookie_1 ',
      email: 'Rookie@Example.com',
      password: 'a long enough password',
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[a-z2-7]{32}$/);
    expect(res.body.user).toEqual({ id: expect.any(Number), username: 'Rookie_1', isAdmin: false, avatar: null });
    const me = await trpcAs(res.body.token).auth.me.query();
    expect(me.balance).toBe(80_000_000);
    expect(me.value).toBe(80_000_000);
    expect(me.user.username).toBe('Rookie_1');
  });

  it('refuses a duplicate email, whatever its case, and a duplicate username, whatever its case', async () => {
    const first = await registerUser(server.url, 'dupe_owner');
    const sameEmail = await api(server.url, 'POST', '/auth/register', { username: 'someone_else', email: first.email.toUpperCase(), password: 'password123' });
    expect(sameEmail).toMatchObject({ status: 409, body: { error: AUTH_TEXT.emailTaken } });
    const sameName = await api(server.url, 'POST', '/auth/register', { username: 'DUPE_OWNER', email: 'other@example.com', password: 'password123' });
    expect(sameName).toMatchObject({ status: 409, body: { error: AUTH_TEXT.usernameTaken } });
  });

  it.each([
    [{ username: 'newbie', email: 'newbie@example.com', password: 'short' }, 'Password must be at least 8 characters'],
    [{ username: 'newbie', email: 'not-an-email', password: 'password123' }, 'Enter a valid email address'],
    [{ username: 'x', email: 'newbie@example.com', password: 'password123' }, 'Username must be at least 3 characters'],
    [{ username: '<script>', email: 'newbie@example.com', password: 'password123' }, 'Username may only use letters, digits, dot, dash and underscore'],
    [{ email: 'newbie@example.com', password: 'password123' }, 'Username is required'],
    [{ username: 'newbie', email: 'newbie@example.com' }, 'Password is required'],
  ])('refuses bad input %j with a clear 400', async (payload, message) => {
    const res = await api(server.url, 'POST', '/auth/register', payload);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await api(server.url, 'POST', '/auth/login', { email: 'newbie@example.com', password: 'password123' })).toMatchObject({ status: 401 });
  });

  it('answers malformed bodies with a 4xx, never a 5xx', async () => {
    const raw = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: 'The request body is not valid JSON' });
    const array = await api(server.url, 'POST', '/auth/register', [1, 2]);
    expect(array.status).toBe(400);
    const huge = await api(server.url, 'POST', '/auth/register', { username: 'big', email: 'big@example.com', password: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
  });

  it('keeps emails only as a one-way hash: the address appears nowhere in the database files', async () => {
    const user = await registerUser(server.url, 'hashcheck');
    server.accounts.$client.pragma('wal_checkpoint(TRUNCATE)');
    server.db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const accounts = readFileSync(join(server.dataDir, DB_FILE)).toString('latin1');
    const league = readFileSync(join(server.dataDir, 'leagues', '1.db')).toString('latin1');
    expect(accounts).toContain('hashcheck');
    expect(league).toContain('hashcheck');
    expect(accounts.toLowerCase()).not.toContain(user.email.toLowerCase());
    // A league's file holds no email hash and no password hash at all.
    const [row] = server.db.$client.prepare('SELECT email_hash AS e, password_hash AS p FROM users WHERE id = ?').all(user.id) as { e: string; p: string }[];
    expect(row).toEqual({ e: `member:${user.id}`, p: '' });
  });
});

describe('login and logout', () => {
  it('logs in with the right password, case-insensitive email', async () => {
    const user = await registerUser(server.url);
    const res = await api<{ token: string; user: { id: number } }>(server.url, 'POST', '/auth/login', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect(res.body.token).not.toBe(user.token);
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    const user = await registerUser(server.url);
    const wrong = await api(server.url, 'POST', '/auth/login', { email: user.email, password: 'wrong password' });
    const unknown = await api(server.url, 'POST', '/auth/login', { email: 'nobody@example.com', password: 'wrong password' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
  });

  it('ends the session on logout: the token no longer works', async () => {
    const user = await registerUser(server.url);
    expect((await trpcAs(user.token).auth.me.query()).user.id).toBe(user.id);
    expect(await api(server.url, 'POST', '/auth/logout', undefined, user.token)).toMatchObject({ status: 200 });
    const after = await trpcAs(user.token)
      .auth.me.query()
      .catch((e: unknown) => e);
    expect(after).toBeInstanceOf(TRPCClientError);
    expect((after as TRPCClientError<AppRouter>).data?.httpStatus).toBe(401);
    expect(await api(server.url, 'POST', '/auth/logout', undefined, user.token)).toMatchObject({ status: 401, body: { error: AUTH_TEXT.notLoggedIn } });
  });

  it('expires sessions after 30 days without use', async () => {
    const user = await registerUser(server.url);
    clock += 31 * 24 * 60 * 60 * 1000;
    try {
      await expect(trpcAs(user.token).auth.me.query()).rejects.toThrow(AUTH_TEXT.notLoggedIn);
    } finally {
      clock = Date.now();
    }
  });
});

describe('password reset', () => {
  const resetLines = () => server.logs().filter((l) => l.includes('reset-password?token='));
  /** Asks for a reset and reads the token from the one log line the server writes without SMTP. */
  async function requestResetToken(email: string): Promise<string> {
    const before = resetLines().length;
    await api(server.url, 'POST', '/auth/request-password-reset', { email });
    await expect.poll(() => resetLines().length).toBe(before + 1);
    const token = resetLines()
      .at(-1)
      ?.match(/http:\/\/game\.test\/reset-password\?token=([a-z2-7]+)/)?.[1];
    if (!token) throw new Error('no reset link in the log');
    return token;
  }

  it('answers the same for known and unknown emails, and logs the link only for a known one', async () => {
    const user = await registerUser(server.url);
    const before = resetLines().length;
    const unknown = await api(server.url, 'POST', '/auth/request-password-reset', { email: 'ghost@example.com' });
    const known = await api(server.url, 'POST', '/auth/request-password-reset', { email: user.email });
    expect(unknown).toMatchObject({ status: 200, body: { message: 'Check your email for the reset token' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await expect.poll(() => resetLines().length).toBe(before + 1);
    expect(resetLines().at(-1)).not.toContain(user.email);
  });

  it('sets the new password once per token and ends every other session', async () => {
    const user = await registerUser(server.url);
    const other = await api<{ token: string }>(server.url, 'POST', '/auth/login', { email: user.email, password: user.password });
    const token = await requestResetToken(user.email);

    const done = await api(server.url, 'POST', '/auth/reset-password', { token, newPassword: 'brand new password' });
    expect(done).toMatchObject({ status: 200, body: { message: 'Password updated. You can now log in.' } });
    const again = await api(server.url, 'POST', '/auth/reset-password', { token, newPassword: 'another password' });
    expect(again).toMatchObject({ status: 400, body: { error: AUTH_TEXT.invalidResetToken } });

    await expect(trpcAs(user.token).auth.me.query()).rejects.toThrow(AUTH_TEXT.notLoggedIn);
    await expect(trpcAs(other.body.token).auth.me.query()).rejects.toThrow(AUTH_TEXT.notLoggedIn);
    expect((await api(server.url, 'POST', '/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await api(server.url, 'POST', '/auth/login', { email: user.email, password: 'brand new password' })).status).toBe(200);
  });

  it('ends every other reset link and every session of the account in the reset, and login works with the new password', async () => {
    const user = await registerUser(server.url);
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    const pending = server.accounts.$client.prepare('SELECT COUNT(*) AS n FROM password_reset_tokens WHERE user_id = ?');
    expect(pending.get(user.id)).toEqual({ n: 2 });

    expect(await api(server.url, 'POST', '/auth/reset-password', { token: first, newPassword: 'brand new password' })).toMatchObject({
      status: 200,
      body: { message: AUTH_TEXT.passwordUpdated },
    });
    expect(pending.get(user.id)).toEqual({ n: 0 });
    expect(await api(server.url, 'POST', '/auth/reset-password', { token: second, newPassword: 'the attacker password' })).toMatchObject({
      status: 400,
      body: { error: AUTH_TEXT.invalidResetToken },
    });
    expect(await api(server.url, 'POST', '/auth/logout', undefined, user.token)).toMatchObject({ status: 401, body: { error: AUTH_TEXT.notLoggedIn } });

    const login = await api<{ token: string; user: { id: number } }>(server.url, 'POST', '/auth/login', { email: user.email, password: 'brand new password' });
    expect(login).toMatchObject({ status: 200, body: { user: { id: user.id } } });
    expect((await trpcAs(login.body.token).auth.me.query()).user.id).toBe(user.id);
    expect((await api(server.url, 'POST', '/auth/login', { email: user.email, password: 'the attacker password' })).status).toBe(401);
  });

  it('changes nothing when any step of the reset fails: links, password and sessions stay as they were', async () => {
    const user = await registerUser(server.url);
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    const passwordHash = server.accounts.$client.prepare('SELECT password_hash AS hash FROM users WHERE id = ?');
    const before = passwordHash.get(user.id);
    const spy = vi.spyOn(server.services.sessions, 'invalidateAllForUser').mockImplementationOnce(() => {
      throw new Error('the disk is full');
    });
    try {
      expect((await api(server.url, 'POST', '/auth/reset-password', { token: first, newPassword: 'brand new password' })).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(passwordHash.get(user.id)).toEqual(before);
    expect((await trpcAs(user.token).auth.me.query()).user.id).toBe(user.id);
    expect((await api(server.url, 'POST', '/auth/reset-password', { token: second, newPassword: 'brand new password' })).status).toBe(200);
  });

  it('ends pending reset links when the account logs in with its password', async () => {
    const user = await registerUser(server.url);
    const pending = server.accounts.$client.prepare('SELECT COUNT(*) AS n FROM password_reset_tokens WHERE user_id = ?');
    const first = await requestResetToken(user.email);
    expect((await api(server.url, 'POST', '/auth/login', { email: user.email, password: 'wrong password' })).status).toBe(401);
    expect(pending.get(user.id)).toEqual({ n: 1 });
    const second = await requestResetToken(user.email);
    expect((await api(server.url, 'POST', '/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    expect(pending.get(user.id)).toEqual({ n: 0 });
    for (const link of [first, second]) {
      expect(await api(server.url, 'POST', '/auth/reset-password', { token: link, newPassword: 'brand new password' })).toMatchObject({
        status: 400,
        body: { error: AUTH_TEXT.invalidResetToken },
      });
    }
    expect((await trpcAs(user.token).auth.me.query()).user.id).toBe(user.id);
  });

  it('refuses a token after an hour, an unknown token and a weak new password', async () => {
    const user = await registerUser(server.url);
    const token = await requestResetToken(user.email);
    expect(await api(server.url, 'POST', '/auth/reset-password', { token, newPassword: 'short' })).toMatchObject({
      status: 400,
      body: { error: 'Password must be at least 8 characters' },
    });
    expect(await api(server.url, 'POST', '/auth/reset-password', { token: 'abcdefghijklmnop', newPassword: 'long enough one' })).toMatchObject({ status: 400 });
    clock += 61 * 60 * 1000;
    try {
      expect(await api(server.url, 'POST', '/auth/reset-password', { token, newPassword: 'long enough one' })).toMatchObject({
        status: 400,
        body: { error: AUTH_TEXT.invalidResetToken },
      });
    } finally {
      clock = Date.now();
    }
    expect((await api(server.url, 'POST', '/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('users', () => {
  it('returns only the public fields of a user', async () => {
    const user = await registerUser(server.url);
    const res = await api(server.url, 'GET', `/users/${user.id}`);
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({ id: user.id, username: user.username, isAdmin: false, avatar: null });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect(await api(server.url, 'GET', '/users/999999')).toMatchObject({ status: 404, body: { error: 'User not found' } });
    expect((await api(server.url, 'GET', '/users/abc')).status).toBe(400);
  });
});

describe('logs', () => {
  it('write one line per request with status and time, and never a password, token or email', async () => {
    const user = await registerUser(server.url, 'logcheck');
    await api(server.url, 'POST', '/auth/login', { email: user.email, password: user.password });
    const logs = server.logs();
    const lines = logs.filter((l) => l.includes('"path":"/api/auth/login"'));
    expect(lines.length).toBeGreaterThan(0);
    const entry = JSON.parse(lines.at(-1)!) as { res: { status: number }; responseTime: number };
    expect(entry.res.status).toBe(200);
    expect(entry.responseTime).toEqual(expect.any(Number));
    const text = logs.join('\n');
    expect(text).not.toContain(user.password);
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.token);
  });
});

describe('health and the API document', () => {
  it('answers /healthz with 200 while the database is open', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI 3 document covering every REST path, with bearer auth and the error shape', async () => {
    const res = await api<{ openapi: string; paths: Record<string, Record<string, { security?: unknown }>>; components: { securitySchemes: object } }>(
      server.url,
      'GET',
      '/openapi.json',
    );
    expect(res.body.openapi).toMatch(/^3\./);
    const { restRoutes } = await import('../rest/routes.js');
    for (const r of restRoutes) expect(res.body.paths[r.path]?.[r.method.toLowerCase()]).toBeDefined();
    expect(res.body.paths['/auth/logout']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(res.body.components.securitySchemes).toHaveProperty('bearerAuth');
  });

  it('answers unknown API paths with 404 and wrong methods with 405', async () => {
    expect(await api(server.url, 'GET', '/nope')).toMatchObject({ status: 404, body: { error: 'Not found' } });
    const wrong = await api(server.url, 'GET', '/auth/login');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('sends the usual security headers', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
