import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startTestServer, type TestServer } from './test-support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logLevel: 'debug' });
});
afterAll(() => server.stop());

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
}
const ERROR = 50;
const DEBUG = 20;

function linesSince(start: number): LogLine[] {
  return server
    .logs()
    .slice(start)
    .map((line) => JSON.parse(line) as LogLine);
}

/** Sends the headers and part of a body announced as longer, then drops the connection. */
function abortMidBody(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: game.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"half`);
      // Long enough for the server to start reading the body.
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 20);
    });
    socket.on('error', reject);
  });
}

describe('request logs', () => {
  it('log a request aborted in the middle of its body at debug level, without an error line or a stack', async () => {
    const start = server.logs().length;
    const paths = ['/api/auth/login', '/api/trade/ask', '/trpc/auth.login'];
    const rounds = 10;
    await Promise.all(Array.from({ length: rounds }, () => Promise.all(paths.map(abortMidBody))));
    const aborted = () => linesSince(start).filter((l) => / aborted \d+ms$/.test(l.msg));
    await expect.poll(() => aborted().length).toBe(rounds * paths.length);
    await expect.poll(() => linesSince(start).filter((l) => l.msg === 'REST request aborted by the client').length).toBe(rounds * 2);

    const lines = linesSince(start);
    expect(lines.filter((l) => l.level > DEBUG)).toEqual([]);
    expect(server.logs().slice(start).join('\n')).not.toContain('stack');
    // The server still answers afterwards.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('still log a real server error at error level, with its stack', async () => {
    const spy = vi.spyOn(server.services.auth, 'login').mockRejectedValue(new Error('the disk caught fire'));
    try {
      const start = server.logs().length;
      const rest = await api(server.url, 'POST', '/auth/login', { email: 'someone@example.com', password: 'password123' });
      expect(rest.status).toBe(500);
      const trpc = await fetch(`${server.url}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@example.com', password: 'password123' }),
      });
      expect(trpc.status).toBe(500);
      await expect.poll(() => linesSince(start).filter((l) => l.level === ERROR && l.err?.stack?.includes('the disk caught fire')).length).toBe(2);
      expect(linesSince(start).map((l) => l.msg)).toEqual(expect.arrayContaining(['REST call failed', 'tRPC call failed']));
    } finally {
      spy.mockRestore();
    }
  });
});
