import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { ForeignWrites } from './foreign-writes.js';

let c: Database.Database;
beforeEach(() => {
  c = new Database(':memory:');
  c.exec(`
    CREATE TABLE players (id INTEGER PRIMARY KEY, shares_remaining INTEGER NOT NULL);
    CREATE TABLE teams (id INTEGER PRIMARY KEY);
    CREATE TABLE holdings (id INTEGER PRIMARY KEY);
    CREATE TABLE orders (id INTEGER PRIMARY KEY);
    CREATE TABLE trades (id INTEGER PRIMARY KEY);
    CREATE TABLE declined_asks (id INTEGER PRIMARY KEY);
    CREATE TABLE elsewhere (id INTEGER PRIMARY KEY);
    INSERT INTO players VALUES (1, 100);`);
});

const sell = (n: number) => c.prepare('UPDATE players SET shares_remaining = shares_remaining - ? WHERE id = 1').run(n);

describe('ForeignWrites', () => {
  it("tells of a row written behind the exchange's back once, and not of the exchange's own writes", () => {
    const foreign = new ForeignWrites(c);
    c.transaction(() => foreign.own(() => sell(1)))();
    expect(foreign.changed()).toBe(false);
    c.prepare('INSERT INTO elsewhere VALUES (1)').run();
    expect(foreign.changed()).toBe(false);
    sell(2);
    expect(foreign.changed()).toBe(true);
    expect(foreign.changed()).toBe(false);
  });

  it('does not tell of a write its transaction rolled back, nor of one acknowledged', () => {
    const foreign = new ForeignWrites(c);
    expect(() =>
      c.transaction(() => {
        sell(3);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(foreign.changed()).toBe(false);
    sell(4);
    foreign.acknowledge();
    expect(foreign.changed()).toBe(false);
  });

  it('tells every watcher of the same connection', () => {
    const first = new ForeignWrites(c);
    const second = new ForeignWrites(c);
    sell(5);
    expect(first.changed()).toBe(true);
    expect(second.changed()).toBe(true);
    c.transaction(() => second.own(() => sell(1)))();
    expect(first.changed()).toBe(false);
  });
});
