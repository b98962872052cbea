import { describe, expect, it } from 'vitest';
import { charCount, normalizeMessage } from './chat.js';
import { postMessageInput } from './schemas/chat.js';

describe('a message’s text', () => {
  it('keeps what was written, markup and bidirectional overrides included, and drops controls', () => {
    expect(normalizeMessage('  <script>x</script>  ')).toBe('<script>x</script>');
    expect(normalizeMessage('a\u202Eb')).toBe('a\u202Eb');
    expect(normalizeMessage('a\u0000b\u0007c\u009Fd')).toBe('abcd');
    expect(normalizeMessage('one\r\ntwo\n\n\n\nthree')).toBe('one\ntwo\n\nthree');
    expect(normalizeMessage('e\u0301')).toBe('\u00e9');
  });

  it('counts characters as people do', () => {
    expect(charCount('🏀🏀')).toBe(2);
    expect(postMessageInput.safeParse({ text: '🏀'.repeat(500) }).success).toBe(true);
    expect(postMessageInput.safeParse({ text: '🏀'.repeat(501) }).success).toBe(false);
    expect(postMessageInput.safeParse({ text: ' \n ' }).success).toBe(false);
  });
});
