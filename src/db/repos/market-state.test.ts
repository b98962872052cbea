import { describe, expect, it } from 'vitest';
import { emptyDb } from '../test-support/fixtures.js';
import { createMarketStateRepo } from './market-state.js';

describe('the market state the exchange rebuilds from', () => {
  it('reads open orders through their index and trades through a time or instrument index: never every order or trade ever made', () => {
    const db = emptyDb();
    const sqlite = db.$client;
    const prepare = sqlite.prepare.bind(sqlite);
    const seen: string[] = [];
    sqlite.prepare = ((source: string) => {
      seen.push(source);
      return prepare(source);
    }) as typeof sqlite.prepare;
    try {
      createMarketStateRepo(db);
    } finally {
      sqlite.prepare = prepare;
    }
    const scans = seen.flatMap((source) => {
      const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${source.replace(/\?/g, '1')}`).all() as { detail: string }[];
      return plan.map((p) => p.detail).filter((d) => /^SCAN (orders|trades)\b/.test(d) && !/USING (COVERING )?INDEX/.test(d));
    });
    expect(seen.some((s) => /\bFROM orders\b/.test(s))).toBe(true);
    expect(scans).toEqual([]);
  });
});
