import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TEXT, keyDecision } from './idempotency.js';

const stored = (fingerprint: string) => ({ fingerprint, answer: '{"ok":true,"value":1}' });

describe('keyDecision (docs/rules.md "Every action happens once")', () => {
  it('runs a key never seen', () => {
    expect(keyDecision({ running: null, stored: undefined, fingerprint: 'a' })).toEqual({ kind: 'run' });
  });

  it('replays the first answer to the same request', () => {
    expect(keyDecision({ running: null, stored: stored('a'), fingerprint: 'a' })).toEqual({ kind: 'replay', answer: '{"ok":true,"value":1}' });
  });

  it('refuses the same key with another request, whether its first call is answered or still running', () => {
    const reused = { kind: 'refuse', reason: 'reused', message: IDEMPOTENCY_TEXT.reused };
    expect(keyDecision({ running: null, stored: stored('a'), fingerprint: 'b' })).toEqual(reused);
    expect(keyDecision({ running: 'a', stored: undefined, fingerprint: 'b' })).toEqual(reused);
  });

  it('asks to wait while the first call runs, even once its effect is committed but not yet answered', () => {
    const wait = { kind: 'refuse', reason: 'in_flight', message: IDEMPOTENCY_TEXT.inFlight };
    expect(keyDecision({ running: 'a', stored: undefined, fingerprint: 'a' })).toEqual(wait);
    expect(keyDecision({ running: 'a', stored: stored('a'), fingerprint: 'a' })).toEqual(wait);
  });
});
