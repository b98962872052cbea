import type { Logger } from 'pino';
import type { AuditRepo } from '../../db/repos/audit.js';
import type { LeaguesRepo } from '../../db/repos/leagues.js';
import type { Actor, Admin, AdminResult } from '../../engine/admin.js';
import type { LeagueHub } from './hub.js';

/**
 * The server admin's contract changes (a salary, a retirement, the draft) are facts of the NBA:
 * each is applied to every league by that league's own writer, in its own transaction, league 1
 * first (docs/leagues.md §4). Each league's file records the change in its own audit log (its
 * portfolio histories read the salary changes there), by the admin's name: the admin need not be
 * a member, and a league's rows name only its members. The server's audit log, which the admin
 * page shows, gets one entry with league 1's answer and the number of leagues. A league that
 * refuses what league 1 accepted is logged: it is out of step.
 */
export function createContracts(deps: { registry: LeaguesRepo; hub: LeagueHub; audit: AuditRepo; logger: Logger; now: () => number }) {
  const { registry, hub } = deps;

  function everyLeague<T>(
    actor: Actor,
    action: string,
    change: (admin: Admin, inLeague: Actor) => AdminResult<T>,
    details: (value: T) => object,
  ): AdminResult<T> {
    let first: AdminResult<T> | undefined;
    let leagues = 0;
    for (const { id } of registry.all()) {
      const league = hub.get(id);
      if (!league) continue;
      const result = change(league.leagueAdmin, { id: null, username: actor.username });
      if (first === undefined) {
        first = result;
        if (!result.ok) return result;
      } else if (!result.ok) {
        deps.logger.error({ leagueId: id, refusal: result.error }, 'A contract change league 1 took was refused by another league');
      }
      if (result.ok) leagues += 1;
    }
    if (first?.ok) deps.audit.record({ actorId: actor.id, actor: actor.username, action, details: { ...details(first.value), leagues }, at: deps.now() });
    return first!;
  }

  return {
    changeSalary: (actor: Actor, playerId: number, newSalary: number) =>
      everyLeague(
        actor,
        'player.salary',
        (a, by) => a.changeSalary(by, playerId, newSalary),
        (v) => ({ playerId, name: v.name, oldSalary: v.oldSalary, newSalary }),
      ),
    retire: (actor: Actor, playerId: number) =>
      everyLeague(
        actor,
        'player.retire',
        (a, by) => a.retire(by, playerId),
        (v) => ({ playerId, name: v.name, holders: v.holdersPaid, paidCents: v.paidCents }),
      ),
    draft: (actor: Actor) => {
      // One draft: the same rookies, names and restriction in every league.
      const heldAt = deps.now();
      return everyLeague(
        actor,
        'draft',
        (a, by) => a.draft(by, heldAt),
        (v) => ({ picks: v.picks.length, restrictedUntil: v.restrictedUntil }),
      );
    },
    latestAudit: (limit: number) => deps.audit.latest(limit),
    /** Resolves once every league's change is durable. */
    idle: async (): Promise<void> => {
      await Promise.all(hub.opened().map((l) => l.exchange.idle()));
    },
  };
}
export type Contracts = ReturnType<typeof createContracts>;
