import { crc32, deflateSync } from 'node:zlib';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioHistoryOut } from '../../shared/schemas/account.js';
import type { PortfolioOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import type { AppRouter } from './index.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function trpcAs(token: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })],
  });
}

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

async function decoded(avatar: string) {
  expect(avatar).toMatch(/^data:image\/png;base64,/);
  const bytes = Buffer.from(avatar.slice('data:image/png;base64,'.length), 'base64');
  return { meta: await sharp(bytes).metadata(), bytes };
}

/** A PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/** A few hundred bytes claiming to be a 30000×30000 picture: a decompression bomb's header. */
function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const firstRows = deflateSync(Buffer.alloc(3 * 30_001 * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PUT /users/{id}/username', () => {
  it('trims and saves one’s own new name, which the public user then shows', async () => {
    const u = await registerUser(server.url);
    const res = await api<{ message: string; user: { username: string } }>(server.url, 'PUT', `/users/${u.id}/username`, { username: '  Sixth_Man ' }, u.token);
    expect(res).toMatchObject({ status: 200, body: { message: 'Username updated', user: { id: u.id, username: 'Sixth_Man' } } });
    expect((await api(server.url, 'GET', `/users/${u.id}`)).body).toMatchObject({ username: 'Sixth_Man' });
    // A change of case of one's own name is allowed.
    expect(await api(server.url, 'PUT', `/users/${u.id}/username`, { username: 'sixth_man' }, u.token)).toMatchObject({ status: 200 });
  });

  it('refuses a name someone else has, whatever its case, with 409', async () => {
    const owner = await registerUser(server.url, 'taken_name');
    const u = await registerUser(server.url);
    expect(await api(server.url, 'PUT', `/users/${u.id}/username`, { username: 'TAKEN_NAME' }, u.token)).toMatchObject({
      status: 409,
      body: { error: 'This username is taken' },
    });
    expect((await api(server.url, 'GET', `/users/${u.id}`)).body).toMatchObject({ username: u.username });
    expect((await api(server.url, 'GET', `/users/${owner.id}`)).body).toMatchObject({ username: 'taken_name' });
  });

  it.each([
    ['  ', 'Username must be at least 3 characters'],
    ['<b>x</b>', 'Username may only use letters, digits, dot, dash and underscore'],
    ['x'.repeat(21), 'Username must be at most 20 characters'],
  ])('refuses %j like registration does', async (username, message) => {
    const u = await registerUser(server.url);
    expect(await api(server.url, 'PUT', `/users/${u.id}/username`, { username }, u.token)).toMatchObject({ status: 400, body: { error: message } });
  });

  it('acts only for oneself: 403 for another id, 401 without a session', async () => {
    const u = await registerUser(server.url);
    const other = await registerUser(server.url);
    expect(await api(server.url, 'PUT', `/users/${other.id}/username`, { username: 'hijacked' }, u.token)).toMatchObject({
      status: 403,
      body: { error: 'You can only act for yourself' },
    });
    expect(await api(server.url, 'PUT', `/users/${other.id}/username`, { username: 'hijacked' })).toMatchObject({ status: 401 });
    expect((await api(server.url, 'GET', `/users/${other.id}`)).body).toMatchObject({ username: other.username });
  });
});

describe('PUT /users/{id}/avatar', () => {
  it('turns a PNG into a 128×128 PNG that the public user shows', async () => {
    const u = await registerUser(server.url);
    const png = await sharp({ create: { width: 640, height: 400, channels: 4, background: '#c8102e' } })
      .png()
      .toBuffer();
    const res = await api<{ message: string; user: { avatar: string } }>(server.url, 'PUT', `/users/${u.id}/avatar`, { image: dataUrl(png) }, u.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Avatar updated');
    const { meta } = await decoded(res.body.user.avatar);
    expect(meta).toMatchObject({ format: 'png', width: 128, height: 128 });
    const pub = await api<{ avatar: string }>(server.url, 'GET', `/users/${u.id}`);
    expect(pub.body.avatar).toBe(res.body.user.avatar);
    const portfolio = await api<PortfolioOut>(server.url, 'GET', `/portfolio/${u.id}`);
    expect(portfolio.body.avatar).toBe(res.body.user.avatar);
  });

  it('turns a JPEG the right way up by its EXIF orientation, over tRPC too', async () => {
    const u = await registerUser(server.url);
    // Left half red, right half blue; orientation 6 means "rotate 90° clockwise to view": red on top.
    const raw = Buffer.alloc(200 * 100 * 3);
    for (let y = 0; y < 100; y += 1) for (let x = 0; x < 200; x += 1) raw.set(x < 100 ? [255, 0, 0] : [0, 0, 255], (y * 200 + x) * 3);
    const jpeg = await sharp(raw, { raw: { width: 200, height: 100, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await trpcAs(u.token).users.setAvatar.mutate({ id: u.id, image: dataUrl(jpeg, 'image/jpeg') });
    expect(result.message).toBe('Avatar updated');
    const { bytes, meta } = await decoded(result.user.avatar!);
    expect(meta).toMatchObject({ width: 128, height: 128 });
    const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 128 + x) * 3, (y * 128 + x) * 3 + 3)];
    const top = pixel(64, 10);
    const bottom = pixel(64, 118);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it.each([
    ['a text file', dataUrl(Buffer.from('hello, this is not a picture\n'), 'text/plain')],
    ['a text file named as a PNG', dataUrl(Buffer.from('hello, this is not a picture\n'))],
    [
      'an SVG document',
      dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), 'image/svg+xml'),
    ],
    ['a string that is no data URL', 'https://example.com/me.png'],
    ['broken base64', 'data:image/png;base64,@@@@'],
    ['an empty data URL', 'data:image/png;base64,'],
  ])('refuses %s with "Invalid file type"', async (_what, image) => {
    const u = await registerUser(server.url);
    expect(await api(server.url, 'PUT', `/users/${u.id}/avatar`, { image }, u.token)).toMatchObject({ status: 400, body: { error: 'Invalid file type' } });
    expect((await api(server.url, 'GET', `/users/${u.id}`)).body).toMatchObject({ avatar: null });
  });

  it('refuses a truncated PNG', async () => {
    const u = await registerUser(server.url);
    const raw = Buffer.alloc(300 * 300 * 3);
    for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919) % 251;
    const png = await sharp(raw, { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const res = await api(server.url, 'PUT', `/users/${u.id}/avatar`, { image: dataUrl(png.subarray(0, Math.floor(png.length / 2))) }, u.token);
    expect(res).toMatchObject({ status: 400, body: { error: 'Invalid file type' } });
  });

  it('refuses a decompression bomb quickly, without decoding it', async () => {
    const u = await registerUser(server.url);
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(10_000);
    const started = Date.now();
    const res = await api(server.url, 'PUT', `/users/${u.id}/avatar`, { image: dataUrl(bomb) }, u.token);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res).toMatchObject({ status: 400, body: { error: 'The image is too large' } });
    expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);
  });

  it('refuses a file over 2 MB, and a body over 3 MB with 413, over REST and tRPC', async () => {
    const u = await registerUser(server.url);
    const noise = Buffer.alloc(900 * 800 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2_654_435_761) >>> 24;
    const big = await sharp(noise, { raw: { width: 900, height: 800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(big.length).toBeLessThan(2.2 * 1024 * 1024);
    expect(await api(server.url, 'PUT', `/users/${u.id}/avatar`, { image: dataUrl(big) }, u.token)).toMatchObject({
      status: 400,
      body: { error: 'The image is too large' },
    });
    const huge = `data:image/png;base64,${'A'.repeat(4 * 1024 * 1024)}`;
    expect((await api(server.url, 'PUT', `/users/${u.id}/avatar`, { image: huge }, u.token)).status).toBe(413);
    const viaTrpc = await trpcAs(u.token)
      .users.setAvatar.mutate({ id: u.id, image: huge })
      .catch((e: unknown) => e);
    expect(viaTrpc).toBeInstanceOf(TRPCClientError);
    expect((viaTrpc as TRPCClientError<AppRouter>).data?.httpStatus).toBe(413);
    expect((await api(server.url, 'GET', `/users/${u.id}`)).body).toMatchObject({ avatar: null });
  });

  it('acts only for oneself: 403 for another id', async () => {
    const u = await registerUser(server.url);
    const other = await registerUser(server.url);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await api(server.url, 'PUT', `/users/${other.id}/avatar`, { image: dataUrl(png) }, u.token)).toMatchObject({
      status: 403,
      body: { error: 'You can only act for yourself' },
    });
    expect((await api(server.url, 'PUT', `/users/${other.id}/avatar`, { image: dataUrl(png) })).status).toBe(401);
    expect((await api(server.url, 'GET', `/users/${other.id}`)).body).toMatchObject({ avatar: null });
  });
});

describe('GET /portfolio/{userId}/history (portfolio.history)', () => {
  it('starts at $80,000,000, has a point per trade and ends at the portfolio’s total value', async () => {
    const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
    const playerId = [...players.body].sort((a, b) => a.salary - b.salary)[0]!.id;
    const u = await registerUser(server.url);
    const fresh = await api<PortfolioHistoryOut>(server.url, 'GET', `/portfolio/${u.id}/history`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.points.map((p) => p.totalValue)).toEqual([80_000_000, 80_000_000]);

    expect((await api(server.url, 'POST', '/trade/ask', { userId: u.id, playerId, shares: 10, pricePerShare: 2 }, u.token)).status).toBe(200);
    expect((await api(server.url, 'POST', '/trade/dump', { userId: u.id, playerId, shares: 4 }, u.token)).status).toBe(200);
    const res = await trpcAs(u.token).portfolio.history.query({ userId: u.id });
    const portfolio = await api<PortfolioOut>(server.url, 'GET', `/portfolio/${u.id}`);
    expect(res.points).toHaveLength(4);
    expect(res.points[0]).toMatchObject({ cash: 80_000_000, shareValue: 0, totalValue: 80_000_000 });
    // Bought 10 at $1.00 (valued at what was paid), then dumped 4 at $1.00.
    expect(res.points[1]).toMatchObject({ cash: 80_000_000 - 10, shareValue: 10, totalValue: 80_000_000 });
    expect(res.points[2]).toMatchObject({ cash: 80_000_000 - 6, shareValue: 6, totalValue: 80_000_000 });
    expect(res.points[3]).toMatchObject({ totalValue: portfolio.body.totalValue });
    const times = res.points.map((p) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('answers 404 for an unknown user', async () => {
    expect(await api(server.url, 'GET', '/portfolio/999999/history')).toMatchObject({ status: 404, body: { error: 'User not found' } });
  });
});
