import type { Statement } from 'better-sqlite3';
import { rankBy } from '../../domain/seasons/ranking.js';
import type { Ranking } from '../../shared/ranking.js';
import type { Db } from '../../db/client.js';
import type { ReadService } from '../reads/service.js';

export interface Standing {
  userId: number;
  username: string;
  /** Shares at their marks, in cents. */
  shareValueCents: number;
  /** Cash, cash in open bids and shares at their marks, in cents. */
  netWorthCents: number;
  /** The place by the league's rule: equal figures share it. */
  rank: number;
  tied: boolean;
}

type MembersStatement = Statement<[], { userId: number; username: string; cashCents: number }>;
/** Each league file's statement, prepared once: the standings are compared after every burst of trades. */
const statements = new WeakMap<Db, MembersStatement>();
function membersOf(db: Db): MembersStatement {
  let statement = statements.get(db);
  if (!statement) {
    statement = db.$client.prepare('SELECT id AS userId, username, balance_cents AS cashCents FROM users WHERE left_at IS NULL');
    statements.set(db, statement);
  }
  return statement;
}

/**
 * Every current member of the league ranked by its rule (docs/rules.md §5, `rankBy`: values at the
 * marks, equal figures sharing a place), as the leaderboard ranks them: what the rivalry notices
 * and the weekly recap read. It costs one lookup per member in the writer's read models.
 */
export function standingsOf(league: { db: Db; reads: Pick<ReadService, 'valuesOf'> }, rule: Ranking): Standing[] {
  const members = membersOf(league.db).all();
  const values = league.reads.valuesOf(members.map((m) => m.userId));
  const valued = members.map((m, i) => {
    const v = values[i]!;
    return { userId: m.userId, username: m.username, shareValueCents: v.shareValueCents, netWorthCents: m.cashCents + v.escrowCents + v.shareValueCents };
  });
  return rankBy(rule, valued);
}
