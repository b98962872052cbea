import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptLookup } from './kept-rows.js';

let dir: string;
let file: string;
let c: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hoops-kept-'));
  file = join(dir, 'kept.db');
  c = new Database(file);
  c.pragma('journal_mode = WAL');
  c.pragma('foreign_keys = ON');
  c.exec(`
    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE badges (id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE, label TEXT NOT NULL);
    CREATE TABLE elsewhere (n INTEGER);
    INSERT INTO people VALUES (1, 'ada'), (2, 'bo');
    INSERT INTO badges VALUES (10, 1, 'gold');`);
});
afterEach(() => {
  c.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A lookup of a person's name that counts its reads of the database. */
function names() {
  const statement = c.prepare<[number], { name: string }>('SELECT name FROM people WHERE id = ?');
  const reads = { n: 0 };
  const lookup = keptLookup(c, (id: number) => {
    reads.n++;
    return statement.get(id);
  });
  return { lookup, reads };
}

const nextRun = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('keptLookup', () => {
  it('answers again from memory while nothing is written, and reads unknown keys each time', async () => {
    const { lookup, reads } = names();
    expect(lookup(1)).toEqual({ name: 'ada' });
    await nextRun();
    expect(lookup(1)).toEqual({ name: 'ada' });
    expect(lookup(1)).toEqual({ name: 'ada' });
    expect(reads.n).toBe(1);
    expect(lookup(9)).toBeUndefined();
    expect(lookup(9)).toBeUndefined();
    expect(reads.n).toBe(3);
  });

  it('reads again after any write on the connection: the row itself, another table, a cascade', () => {
    const { lookup, reads } = names();
    const badge = keptLookup(c, (id: number) => c.prepare<[number], { label: string }>('SELECT label FROM badges WHERE id = ?').get(id));
    lookup(1);
    c.prepare('UPDATE people SET name = ? WHERE id = 1').run('ada lovelace');
    expect(lookup(1)).toEqual({ name: 'ada lovelace' });
    c.prepare('INSERT INTO elsewhere VALUES (1)').run();
    lookup(1);
    expect(reads.n).toBe(3);
    expect(badge(10)).toEqual({ label: 'gold' });
    // The badge goes with its person, by the foreign key's cascade alone.
    c.prepare('DELETE FROM people WHERE id = 1').run();
    expect(badge(10)).toBeUndefined();
    expect(lookup(1)).toBeUndefined();
  });

  it('sees what another connection (another process) committed from the next run of code on', async () => {
    const { lookup } = names();
    expect(lookup(2)).toEqual({ name: 'bo' });
    const other = new Database(file);
    other.prepare('UPDATE people SET name = ? WHERE id = 2').run('bo jackson');
    other.close();
    await nextRun();
    expect(lookup(2)).toEqual({ name: 'bo jackson' });
  });

  it('keeps nothing read inside a transaction, which may yet roll back', () => {
    const { lookup } = names();
    expect(() =>
      c.transaction(() => {
        c.prepare('UPDATE people SET name = ? WHERE id = 1').run('not kept');
        expect(lookup(1)).toEqual({ name: 'not kept' });
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(lookup(1)).toEqual({ name: 'ada' });
  });

  it('shares its answers frozen', () => {
    const { lookup } = names();
    const row = lookup(1)!;
    expect(Object.isFrozen(row)).toBe(true);
    expect(lookup(1)).toBe(row);
  });
});
