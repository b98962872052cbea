import type { Logger } from 'pino';
import type { AuditRepo } from '../../db/repos/audit.js';
import type { LeaguesRepo } from '../../db/repos/leagues.js';
import type { Actor, Admin, AdminResult } from '../../engine/admin.js';
import type { LeagueHub } from './hub.js';

/**
 * The server admin's contract changes (a salary, a retirement, the draft) are facts of the NBA:
 * each is applied to every league by that league's own writer, in its own transaction, league 1
 * first (docs/leagues.md §4). League 1's answer is the answer; it alone records the change in
 * the audit log. A league that refuses what league 1 accepted is logged: it is out of step.
 */
export function createContracts(deps: { registry: LeaguesRepo; hub: LeagueHub; audit: AuditRepo; logger: Logger }) {
  const { registry, hub } = deps;

  function everyLeague<T>(change: (admin: Admin) => AdminResult<T>): AdminResult<T> {
    let first: AdminResult<T> | undefined;
    for (const { id } of registry.all()) {
      const league = hub.get(id);
      if (!league) continue;
      const result = change(league.leagueAdmin);
      if (first === undefined) {
        first = result;
        if (!result.ok) return result;
      } else if (!result.ok) {
        deps.logger.error({ leagueId: id, refusal: result.error }, 'A contract change league 1 took was refused by another league');
      }
    }
    return first!;
  }

  return {
    changeSalary: (actor: Actor, playerId: number, newSalary: number) => everyLeague((a) => a.changeSalary(actor, playerId, newSalary)),
    retire: (actor: Actor, playerId: number) => everyLeague((a) => a.retire(actor, playerId)),
    draft: (actor: Actor) => everyLeague((a) => a.draft(actor)),
    latestAudit: (limit: number) => deps.audit.latest(limit),
    /** Resolves once every league's change is durable. */
    idle: async (): Promise<void> => {
      await Promise.all(hub.opened().map((l) => l.exchange.idle()));
    },
  };
}
export type Contracts = ReturnType<typeof createContracts>;
