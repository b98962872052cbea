import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateVapidKeys, VAPID_FILE, vapidSubject } from './vapid.js';

describe('VAPID keys', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('are made on first start into DATA_DIR (readable by the owner only) and kept across restarts', () => {
    dir = mkdtempSync(join(tmpdir(), 'hoops-vapid-'));
    const first = loadOrCreateVapidKeys(dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(statSync(join(dir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    expect(loadOrCreateVapidKeys(dir)).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, VAPID_FILE), 'utf8'))).toEqual(first);
  });

  it('refuse to start over a damaged file rather than silently end every subscription', () => {
    dir = mkdtempSync(join(tmpdir(), 'hoops-vapid-'));
    writeFileSync(join(dir, VAPID_FILE), '{"publicKey": ""}');
    expect(() => loadOrCreateVapidKeys(dir!)).toThrow(/damaged/);
  });

  it('name who runs the server: the public https address, else the mail sender', () => {
    expect(vapidSubject('https://hoops.example', 'Hoops <no-reply@hoops.example>')).toBe('https://hoops.example');
    expect(vapidSubject('http://localhost:3000', 'Hoops Exchange <no-reply@localhost>')).toBe('mailto:no-reply@localhost');
    expect(vapidSubject('http://10.0.0.2:3000', 'admin@example.com')).toBe('mailto:admin@example.com');
  });
});
