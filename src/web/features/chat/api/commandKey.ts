/**
 * A fresh idempotency key for one command (docs/api.md): 22 random base64url characters. Made with
 * getRandomValues, which browsers give on plain http too (randomUUID needs a secure context).
 */
export function newCommandKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
