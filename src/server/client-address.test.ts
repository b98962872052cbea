import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, GENEROUS_LIMITS, type TestServer } from './test-support/server.js';

const ONE_REGISTRATION = { ...GENEROUS_LIMITS, registerPerIp: { points: 1, durationSeconds: 3600 } };
let server: TestServer | undefined;
let counter = 0;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Registers a fresh user, claiming to come from `forwardedFor`; returns the status. */
async function register(forwardedFor: string): Promise<number> {
  counter += 1;
  const username = `proxied_${counter}`;
  const res = await fetch(`${server!.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'correct horse battery' }),
  });
  return res.status;
}

const loggedAddresses = (s: TestServer) =>
  s.logs().flatMap((line) => {
    const entry = JSON.parse(line) as { req?: { path?: string; ip?: string } };
    return entry.req?.path === '/api/auth/register' && entry.req.ip ? [entry.req.ip] : [];
  });

describe('the client address behind a reverse proxy', () => {
  it('without TRUST_PROXY, a forged X-Forwarded-For cannot dodge a rate limit, and logs show the real peer', async () => {
    server = await startTestServer({ authRateLimits: ONE_REGISTRATION });
    expect(await register('203.0.113.1')).toBe(200);
    expect(await register('203.0.113.2')).toBe(429);
    expect(await register('198.51.100.7, 203.0.113.3')).toBe(429);
    expect(new Set(loggedAddresses(server))).toEqual(new Set(['127.0.0.1']));
  });

  it('with TRUST_PROXY=1, each client behind the proxy has its own limit: the right-most forwarded address', async () => {
    server = await startTestServer({ authRateLimits: ONE_REGISTRATION, env: { TRUST_PROXY: '1' } });
    expect(await register('203.0.113.1')).toBe(200);
    expect(await register('203.0.113.2')).toBe(200);
    expect(await register('203.0.113.2')).toBe(429);
    // A client that writes its own header cannot pick its address: the proxy appends the real one.
    expect(await register('203.0.113.9, 203.0.113.2')).toBe(429);
    expect(loggedAddresses(server)).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.2', '203.0.113.2']);
  });

  it('with a list of proxy addresses, only those peers are believed', async () => {
    server = await startTestServer({ authRateLimits: ONE_REGISTRATION, env: { TRUST_PROXY: '10.0.0.0/8' } });
    // The test connects from 127.0.0.1, which is not a listed proxy: its header is ignored.
    expect(await register('203.0.113.1')).toBe(200);
    expect(await register('203.0.113.2')).toBe(429);
  });

  it('with TRUST_PROXY=loopback, a request from the proxy uses the forwarded address', async () => {
    server = await startTestServer({ authRateLimits: ONE_REGISTRATION, env: { TRUST_PROXY: 'loopback' } });
    expect(await register('203.0.113.1')).toBe(200);
    expect(await register('203.0.113.2')).toBe(200);
    expect(await register('203.0.113.1')).toBe(429);
  });
});
