import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The server secret (keys the email hash), generated once and kept in DATA_DIR across restarts. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'server-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
    throw new Error(`${file} is damaged: remove it only if you accept that nobody can log in any more`);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}
