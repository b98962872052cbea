import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createRequestLog } from './request-log.js';

it('writes one line per request: method, path without the query, address, status and time; 5xx at error level', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      );
      done();
    },
  });
  const log = createRequestLog(pino(sink), () => '203.0.113.7');
  const server = createServer((req, res) => {
    log(req, res);
    res.statusCode = req.url?.startsWith('/boom') ? 500 : 200;
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await fetch(`${base}/api/players?token=secret`, { headers: { authorization: 'Bearer abcdefghijklmnop' } });
  await fetch(`${base}/boom`, { method: 'POST' });
  await new Promise((r) => setTimeout(r, 50));
  server.close();
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({
    level: 30,
    reqId: 1,
    req: { method: 'GET', path: '/api/players', ip: '203.0.113.7' },
    res: { status: 200 },
    responseTime: expect.any(Number),
  });
  expect(lines[0]!.msg).toMatch(/^GET \/api\/players 200 \d+ms$/);
  expect(lines[1]).toMatchObject({
    level: 50,
    reqId: 2,
    req: { method: 'POST', path: '/boom' },
    res: { status: 500 },
    err: { message: 'failed with status code 500' },
    msg: 'POST /boom 500',
  });
  expect(JSON.stringify(lines)).not.toMatch(/secret|abcdefghijklmnop/);
});
