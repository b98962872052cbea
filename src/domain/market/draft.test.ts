import { describe, expect, it } from 'vitest';
import { draftAfterRookieWeek, LEAGUE_MINIMUM_SALARY, nextDraftFrom, planDraft, ROOKIE_EXCLUSIVE_MS, rookieSalary } from './draft.js';

const teams = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, payroll: 100_000_000 + ((i * 7_919_000) % 60_000_000) }));

describe('planDraft', () => {
  it('makes two rounds of 30 picks, lowest payroll first in both rounds', () => {
    const picks = planDraft(teams, 1, new Set());
    expect(picks).toHaveLength(60);
    const lowestFirst = [...teams].sort((a, b) => a.payroll - b.payroll || a.id - b.id).map((t) => t.id);
    expect(picks.slice(0, 30).map((p) => p.teamId)).toEqual(lowestFirst);
    expect(picks.slice(30).map((p) => p.teamId)).toEqual(lowestFirst);
    expect(picks.map((p) => p.round)).toEqual([...Array(30).fill(1), ...Array(30).fill(2)]);
  });

  it('pays pick 1 the most, falling through the first round, and the second round the league minimum', () => {
    const picks = planDraft(teams, 1, new Set());
    const first = picks.slice(0, 30).map((p) => p.salary);
    expect(first).toEqual([...first].sort((a, b) => b - a));
    expect(new Set(first).size).toBe(30);
    expect(picks.slice(30).every((p) => p.salary === LEAGUE_MINIMUM_SALARY)).toBe(true);
    expect(rookieSalary(1, 30)).toBeGreaterThan(rookieSalary(30, 30));
    expect(rookieSalary(30, 30)).toBeGreaterThan(LEAGUE_MINIMUM_SALARY);
  });

  it('generates unique new names, the same for the same seed', () => {
    const taken = new Set(['Jalen Okafor']);
    const picks = planDraft(teams, 42, taken);
    const names = picks.map((p) => p.name);
    expect(new Set(names).size).toBe(60);
    expect(names).not.toContain('Jalen Okafor');
    expect(planDraft(teams, 42, taken)).toEqual(picks);
    expect(planDraft(teams, 43, taken).map((p) => p.name)).not.toEqual(names);
  });
});

describe('draftAfterRookieWeek', () => {
  const last = Date.UTC(2026, 0, 3, 14, 5, 30);

  it('lets the first draft run at any time', () => {
    expect(nextDraftFrom(null)).toBeNull();
    expect(draftAfterRookieWeek({ lastDraftAt: null, at: 0 })).toBeNull();
  });

  it('refuses a draft while the last draft’s rookie week runs, naming both dates', () => {
    for (const at of [last, last + 3_400, last + ROOKIE_EXCLUSIVE_MS - 1]) {
      expect(draftAfterRookieWeek({ lastDraftAt: last, at })).toEqual({
        code: 'draft_too_soon',
        message: 'The last draft ran on 2026-01-03 14:05 UTC; the next can run from 2026-01-10 14:05 UTC',
      });
    }
  });

  it('lets the next draft run from the moment the rookie week ends', () => {
    expect(nextDraftFrom(last)).toBe(last + ROOKIE_EXCLUSIVE_MS);
    expect(draftAfterRookieWeek({ lastDraftAt: last, at: last + ROOKIE_EXCLUSIVE_MS })).toBeNull();
    expect(draftAfterRookieWeek({ lastDraftAt: last, at: last + 30 * ROOKIE_EXCLUSIVE_MS })).toBeNull();
  });
});
