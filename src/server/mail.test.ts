import { afterEach, describe, expect, it } from 'vitest';
import { NO_SMTP_WARNING } from './mail.js';
import { startTestServer, type TestServer } from './test-support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const WARN = 40;
const warnings = (s: TestServer) =>
  s
    .logs()
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((l) => l.msg === NO_SMTP_WARNING);

describe('mail at start-up', () => {
  it('warns loudly, once, when SMTP_URL is not set: reset links go to the log', async () => {
    server = await startTestServer();
    expect(warnings(server)).toEqual([expect.objectContaining({ level: WARN, msg: NO_SMTP_WARNING })]);
    expect(NO_SMTP_WARNING).toContain('anyone who can read the log can reset any account');
  });

  it('says nothing about it when SMTP_URL is set', async () => {
    server = await startTestServer({ smtpUrl: 'smtp://game:secret@127.0.0.1:2525' });
    expect(server.logs().length).toBeGreaterThan(0);
    expect(warnings(server)).toEqual([]);
    expect(server.logs().join('\n')).not.toContain('SMTP_URL');
  });
});
