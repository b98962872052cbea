import { describe, expect, it } from 'vitest';
import { emptyDb } from '../test-support/fixtures.js';
import { createLeaguesRepo } from './leagues.js';

const league = { slug: 'rivals', name: 'Rivals', inviteCode: 'code-rivals', startingCashCents: 100_000, open: true, ranking: 'netWorth' as const, commissionerId: null, createdAt: 1 };

describe('league rows read by id (kept in memory between writes)', () => {
  it('answers each write at once, through any repo of the same file', () => {
    const db = emptyDb();
    const [one, other] = [createLeaguesRepo(db), createLeaguesRepo(db)];
    const { id } = one.insert(league);
    expect(one.byId(id)).toMatchObject({ name: 'Rivals', ranking: 'netWorth', seasonEndsAt: null });
    expect(other.byId(id)).toMatchObject({ name: 'Rivals' });
    other.update(id, { name: 'Renamed', ranking: 'shareValue' });
    expect(one.byId(id)).toMatchObject({ name: 'Renamed', ranking: 'shareValue' });
    one.setSeasonEndsAt(id, 5_000);
    expect(other.byId(id)).toMatchObject({ seasonEndsAt: 5_000 });
    expect(Object.isFrozen(one.byId(id))).toBe(true);
  });

  it('keeps no row a transaction read and then rolled back', () => {
    const db = emptyDb();
    const repo = createLeaguesRepo(db);
    const { id } = repo.insert(league);
    expect(() =>
      db.$client.transaction(() => {
        repo.update(id, { name: 'Never' });
        expect(repo.byId(id)).toMatchObject({ name: 'Never' });
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(repo.byId(id)).toMatchObject({ name: 'Rivals' });
  });
});
