import { describe, expect, it } from 'vitest';
import type { ContractPreviewOut } from '../../shared/schemas/admin';
import { ratioText, retirementLines, salaryChangeLines } from './contractPreview';

const curry: ContractPreviewOut = {
  playerId: 7,
  name: 'Stephen Curry',
  teamName: 'Golden State Warriors',
  salary: 59_606_817,
  newSalary: 30_000_000,
  ratio: 30_000_000 / 59_606_817,
  leagues: 5,
  leaguesWithHoldings: 3,
  holdings: 1_234,
  sharesHeld: 4_000_000,
  teamHoldings: 56,
  openOrders: 12,
  payout: 4_000_000,
};

describe('the admin’s confirmations', () => {
  it('name the ratio every holding is multiplied by, and the change in percent', () => {
    expect(ratioText(2)).toBe('×2 (+100%)');
    expect(ratioText(30_000_000 / 59_606_817)).toBe('×0.5033 (−49.67%)');
  });

  it('say what a salary change does: old → new, the ratio, holdings in how many leagues, orders cancelled', () => {
    expect(salaryChangeLines(curry)).toEqual([
      'Salary $59,606,817 → $30,000,000: ×0.5033 (−49.67%).',
      '1,234 holdings of Stephen Curry and 56 of the Golden State Warriors, in 3 of 5 leagues, are rescaled: shares ×0.5033, rounded down.',
      '12 open orders on them are cancelled, cash and shares returned.',
    ]);
    expect(salaryChangeLines({ ...curry, holdings: 0, teamHoldings: 0, openOrders: 0, leagues: 1, leaguesWithHoldings: 0 })).toEqual([
      'Salary $59,606,817 → $30,000,000: ×0.5033 (−49.67%).',
      'Nobody holds Stephen Curry or the Golden State Warriors in the league: no holding changes.',
    ]);
  });

  it('say what a retirement does: shares bought back at $1.00 in how many holdings and leagues', () => {
    expect(retirementLines({ ...curry, newSalary: null, ratio: null, openOrders: 1, teamHoldings: 1 })).toEqual([
      '4,000,000 shares in 1,234 holdings, in 3 of 5 leagues, are bought back at $1.00 ($4,000,000.00 in all). Each holder is told.',
      '1 holding of the Golden State Warriors is rescaled as its payroll shrinks.',
      '1 open order on them is cancelled, cash and shares returned.',
      'He leaves the market; his page and his history stay.',
    ]);
    expect(retirementLines({ ...curry, newSalary: null, ratio: null, holdings: 0, teamHoldings: 0, openOrders: 0 })[0]).toBe(
      'Nobody holds Stephen Curry in any of the 5 leagues: nothing is bought back.',
    );
  });
});
