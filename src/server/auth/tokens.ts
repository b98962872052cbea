import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { getRandomValues } from 'node:crypto';

/** 20 random bytes, base32: the opaque token handed to the client. */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What the database keeps instead of the token. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
