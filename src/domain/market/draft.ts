/**
 * The simulated rookie draft (docs/rules.md §8 Draft): two rounds of 30 picks, teams ordered from the
 * lowest payroll to the highest in both rounds, salaries from a rookie scale (pick 1 the highest,
 * the second round at the league minimum), generated names. Pure and deterministic for a seed.
 */
import { mulberry32 as random } from '../../shared/random.js';
import { refusal, type Refusal } from './refusal.js';

export const ROUNDS = 2;
/** For a week after the draft only holders of a rookie's team may buy him. */
export const ROOKIE_EXCLUSIVE_MS = 7 * 24 * 60 * 60 * 1000;
/** Approximate 2025-26 rookie scale ends, in dollars: pick 1 and pick 30 of the first round. */
export const FIRST_PICK_SALARY = 12_500_000;
export const LAST_FIRST_ROUND_SALARY = 2_500_000;
/** Approximate 2025-26 minimum salary for a rookie: the whole second round. */
export const LEAGUE_MINIMUM_SALARY = 1_272_870;

const minuteUtc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** When the next draft may run: once the last draft's rookie week is over (null: no draft yet, any time). */
export function nextDraftFrom(lastDraftAt: number | null): number | null {
  return lastDraftAt === null ? null : lastDraftAt + ROOKIE_EXCLUSIVE_MS;
}

/**
 * A draft is refused while the last draft's rookie week runs: a confirmation clicked twice, or a
 * second admin, never doubles the rookies.
 */
export function draftAfterRookieWeek(facts: { lastDraftAt: number | null; at: number }): Refusal | null {
  const next = nextDraftFrom(facts.lastDraftAt);
  if (next === null || facts.at >= next) return null;
  return refusal('draft_too_soon', `The last draft ran on ${minuteUtc(facts.lastDraftAt!)}; the next can run from ${minuteUtc(next)}`);
}

export interface DraftTeam {
  id: number;
  payroll: number;
}

export interface DraftPick {
  round: number;
  /** 1-based over the whole draft. */
  pick: number;
  teamId: number;
  name: string;
  salary: number;
}

/** First round: from pick 1 down to pick 30 geometrically, rounded to the thousand. */
export function rookieSalary(pick: number, teamsPerRound: number): number {
  if (pick > teamsPerRound) return LEAGUE_MINIMUM_SALARY;
  if (teamsPerRound === 1) return FIRST_PICK_SALARY;
  const ratio = LAST_FIRST_ROUND_SALARY / FIRST_PICK_SALARY;
  return Math.round((FIRST_PICK_SALARY * ratio ** ((pick - 1) / (teamsPerRound - 1))) / 1000) * 1000;
}

const FIRST = [
  'Jalen',
  'Marcus',
  'Tyrese',
  'Darius',
  'Keon',
  'Malik',
  'Isaiah',
  'Andre',
  'Jaylen',
  'Cole',
  'Elijah',
  'Trey',
  'Devin',
  'Zion',
  'Amari',
  'Caleb',
  'Nolan',
  'Omari',
  'Bryce',
  'Luka',
  'Xavier',
  'Miles',
  'Jamal',
  'Tariq',
  'Ronan',
  'Cam',
  'Dante',
  'Kendrick',
  'Aidan',
  'Mateo',
  'Julian',
  'Rasheed',
  'Theo',
  'Quentin',
  'Emeka',
  'Santi',
  'Koby',
  'Ishaan',
  'Lamar',
  'Niko',
];
const LAST = [
  'Okafor',
  'Whitfield',
  'Castellanos',
  'Brooks',
  'Adeyemi',
  'Larsson',
  'Montgomery',
  'Fairbanks',
  'Holloway',
  'Ibekwe',
  'Petrovic',
  'Ramsey',
  'Calloway',
  'Dumont',
  'Sato',
  'Greer',
  'Mbeki',
  'Lindqvist',
  'Abernathy',
  'Vasquez',
  'Kowalski',
  'Ashford',
  'Nwosu',
  'Pruitt',
  'Delacroix',
  'Hargrove',
  'Ostrowski',
  'Mensah',
  'Tillman',
  'Beaumont',
  'Quarles',
  'Eriksen',
  'Drummond',
  'Sandoval',
  'Achebe',
  'Whitlock',
  'Novak',
  'Barrington',
  'Osei',
  'Kincaid',
];

/** The 60 picks of a draft: order by payroll (lowest first, ties by team id), names unique and new. */
export function planDraft(teams: readonly DraftTeam[], seed: number, takenNames: ReadonlySet<string>): DraftPick[] {
  const order = [...teams].sort((a, b) => a.payroll - b.payroll || a.id - b.id);
  const next = random(seed);
  const used = new Set(takenNames);
  const name = (): string => {
    for (let attempt = 0; attempt < 10_000; attempt += 1) {
      const candidate = `${FIRST[Math.floor(next() * FIRST.length)]} ${LAST[Math.floor(next() * LAST.length)]}`;
      const unique = attempt < 5_000 ? candidate : `${candidate} ${Math.floor(attempt / 5_000) + 1}`;
      if (!used.has(unique)) {
        used.add(unique);
        return unique;
      }
    }
    throw new Error('Ran out of rookie names');
  };
  const picks: DraftPick[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const team of order) {
      const pick = picks.length + 1;
      picks.push({ round, pick, teamId: team.id, name: name(), salary: rookieSalary(pick, order.length) });
    }
  }
  return picks;
}
