import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header holds (and whatever its length).
 */
export function bearerMatcher(token: string): (header: string | undefined) => boolean {
  const expected = digest(token);
  return (header) => {
    const given = header?.match(/^Bearer +(\S+) *$/i)?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}
