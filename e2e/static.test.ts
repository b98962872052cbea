import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type E2eServer } from './support/server.js';

let server: E2eServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe('the built web app', () => {
  it('is served with the security headers, and unknown routes fall back to the app', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await home.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const deep = await fetch(`${server.url}/market/1/shareholders`);
    expect(await deep.text()).toBe(html);
  });

  it('sends compressed, long-cached scripts to browsers that accept them', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const script = html.match(/<script[^>]+src="([^"]+\.js)"/)![1]!;
    const br = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    const gzip = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('import');
  });
});
