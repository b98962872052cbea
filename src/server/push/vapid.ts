import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  /** The application server key browsers subscribe with (base64url, uncompressed P-256 point). */
  publicKey: string;
  privateKey: string;
}

export const VAPID_FILE = 'vapid-keys.json';

/**
 * The Web Push (VAPID) key pair, generated on first start and kept in DATA_DIR like the server
 * secret: every browser's subscription is tied to the public key, so losing the file ends them all.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, VAPID_FILE);
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string' && keys.publicKey.length > 40 && keys.privateKey.length > 20) {
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    }
    throw new Error(`${file} is damaged: remove it only if you accept that every push subscription ends`);
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return keys;
}

/** Who runs this server, for push services to contact: the public https address, else the mail sender. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
