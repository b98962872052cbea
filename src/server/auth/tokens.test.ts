import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { expect, it } from 'vitest';
import { generateToken, hashToken } from './tokens.js';

it('hashes a token as before (lower-case hex SHA-256 of its UTF-8 bytes), so stored sessions stay valid', () => {
  for (const token of [generateToken(), generateToken(), 'abc', 'ünïcødé']) {
    expect(hashToken(token)).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(token))));
  }
  expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
