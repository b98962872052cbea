import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRosterCsv } from '../domain/roster.js';
import { rosterDir } from '../paths.js';
import { TEAM_CODES } from '../shared/teams.js';

const CSV_PATH = join(rosterDir, 'players-2025-26.csv');

describe('players-2025-26.csv', () => {
  const text = readFileSync(CSV_PATH, 'utf8');
  const result = parseRosterCsv(text, TEAM_CODES);

  it('parses with no errors against the 30 team codes', () => {
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  const rows = result.ok ? result.rows : [];

  it('starts with comment lines saying what it is and that salaries are approximate', () => {
    const firstLine = text.split(/\r?\n/)[0] ?? '';
    expect(firstLine.startsWith('#')).toBe(true);
    const comments = text
      .split(/\r?\n/)
      .filter((l) => l.startsWith('#'))
      .join('\n');
    expect(comments).toMatch(/2025-26/);
    expect(comments).toMatch(/approximate/i);
  });

  it('has at least 400 players', () => {
    expect(rows.length).toBeGreaterThanOrEqual(400);
  });

  it('gives every one of the 30 teams at least 12 players', () => {
    const perTeam = new Map<string, number>(TEAM_CODES.map((c) => [c, 0]));
    for (const r of rows) perTeam.set(r.teamCode, (perTeam.get(r.teamCode) ?? 0) + 1);
    for (const [code, count] of perTeam) expect(count, code).toBeGreaterThanOrEqual(12);
  });

  it('has salaries between $500,000 and $80,000,000', () => {
    for (const r of rows) {
      expect(r.salary, r.name).toBeGreaterThanOrEqual(500_000);
      expect(r.salary, r.name).toBeLessThanOrEqual(80_000_000);
    }
  });

  it('writes every team code in upper case and quotes no name', () => {
    const dataLines = text
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '' && !l.startsWith('#'))
      .slice(1);
    expect(dataLines).toHaveLength(rows.length);
    for (const l of dataLines) expect(l).toMatch(/^[^",]+,[A-Z]{3},[1-9][0-9]*$/);
  });
});
