import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { getRandomValues, hash } from 'node:crypto';

/** 20 random bytes, base32: the opaque token handed to the client. */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What the database keeps instead of the token: its SHA-256 in lower-case hex (Node's one-shot native hash: every signed-in call computes it). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
