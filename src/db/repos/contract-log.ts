import type { Db } from '../client.js';

/** A contract change as every league applies it. */
export type ContractChange = { kind: 'salary'; playerId: number; newSalary: number } | { kind: 'retire'; playerId: number } | { kind: 'draft'; heldAt: number };

export interface LoggedChange {
  id: number;
  actor: string;
  change: ContractChange;
}

/**
 * The log of contract changes (docs/leagues.md §4), kept in the server's audit log: an entry of a
 * contract change carries what every league applies (`details.apply`), and each league's file
 * records, in its own audit entry of the change, the entry it applied (`details.contract`).
 */
export function createContractLogRepo(accounts: Db) {
  const c = accounts.$client;
  return {
    /** Logs a change before any league applies it; returns its number. */
    append(actor: { id: number | null; username: string }, action: string, change: ContractChange, at: number): number {
      return c
        .prepare<[number | null, string, string, string, number], { id: number }>(
          'INSERT INTO audit_log (actor_id, actor, action, details, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        )
        .get(actor.id, actor.username, action, JSON.stringify({ apply: change }), at)!.id;
    },
    /** Adds what the first league's change came to (names, old salary, payouts) to the entry, for the admin page. */
    describe(id: number, details: Record<string, unknown>): void {
      c.prepare<[string, number]>('UPDATE audit_log SET details = json_patch(details, ?) WHERE id = ?').run(JSON.stringify(details), id);
    },
    /** A change no league took (the first refused it) leaves the log. */
    remove(id: number): void {
      c.prepare<[number]>('DELETE FROM audit_log WHERE id = ?').run(id);
    },
    /** The logged changes after `id`, oldest first. */
    after(id: number): LoggedChange[] {
      return c
        .prepare<[number], { id: number; actor: string; apply: string }>(
          "SELECT id, actor, json_extract(details, '$.apply') AS apply FROM audit_log WHERE id > ? AND json_extract(details, '$.apply') IS NOT NULL ORDER BY id",
        )
        .all(id)
        .map((r) => ({ id: r.id, actor: r.actor, change: JSON.parse(r.apply) as ContractChange }));
    },
  };
}
export type ContractLogRepo = ReturnType<typeof createContractLogRepo>;

/** The last logged change a league's file has applied (0: none since the league began). */
export function appliedContract(league: Db): number {
  return league.$client.prepare<[], { n: number }>("SELECT COALESCE(MAX(json_extract(details, '$.contract')), 0) AS n FROM audit_log").get()!.n;
}

/** A league's record that it holds the changes up to `contract` (a new league copies another's contracts). */
export function markContractsApplied(league: Db, contract: number, at: number): void {
  league.$client
    .prepare<[string, number]>("INSERT INTO audit_log (actor_id, actor, action, details, created_at) VALUES (NULL, 'server', 'league.contracts', ?, ?)")
    .run(JSON.stringify({ contract }), at);
}
