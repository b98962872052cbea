import type { Logger } from 'pino';
import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import type { AuditRepo } from '../../db/repos/audit.js';
import { appliedContract, markContractsApplied, type ContractChange, type ContractLogRepo, type LoggedChange } from '../../db/repos/contract-log.js';
import type { Actor, AdminResult, Draft, RememberAdmin, Retirement, SalaryChange } from '../../engine/admin.js';
import { refusal } from '../../domain/market/refusal.js';
import type { ExposureReads } from './exposure.js';
import type { LeagueHub } from './hub.js';
import type { LeagueServices } from './league-services.js';

export interface ContractsDeps {
  hub: LeagueHub;
  log: ContractLogRepo;
  exposure: ExposureReads;
  audit: AuditRepo;
  logger: Logger;
  now: () => number;
}

/** What a salary change or a retirement of a player would do across the leagues, for the admin's confirmation. */
export interface ContractPreview {
  playerId: number;
  name: string;
  teamId: number;
  teamName: string;
  salary: number;
  /** The salary asked for; null for a retirement. */
  newSalary: number | null;
  /** Leagues counted (every league whose file could be read). */
  leagues: number;
  /** Leagues where someone holds the player or his team: their holdings are rescaled (or, for a retirement, the player's bought back). */
  leaguesWithHoldings: number;
  /** Holdings of the player, and the shares they hold, in every league. */
  holdings: number;
  sharesHeld: number;
  /** Holdings of his team, rescaled as its payroll changes. */
  teamHoldings: number;
  /** Open asks and offers on the player and his team, cancelled by the change. */
  openOrders: number;
}

// By the admin's name: the admin need not be a member, and a league's rows name only its members.
const byName = (entry: LoggedChange): Actor => ({ id: null, username: entry.actor });

/** A logged change applied to one league by its own writer, recorded there as that entry. */
function applyTo(league: LeagueServices, entry: LoggedChange): AdminResult<unknown> {
  const by = byName(entry);
  const change = entry.change;
  switch (change.kind) {
    case 'salary':
      return league.leagueAdmin.changeSalary(by, change.playerId, change.newSalary, entry.id);
    case 'retire':
      return league.leagueAdmin.retire(by, change.playerId, entry.id);
    case 'draft':
      return league.leagueAdmin.draft(by, change.heldAt, entry.id);
  }
}

/** The preview of a change of this player (docs/leagues.md §4): his contract in the default league, the holdings in every league. */
function previewOf(deps: ContractsDeps, playerId: number, newSalary: number | null): AdminResult<ContractPreview> {
  const player = deps.hub.get(DEFAULT_LEAGUE_ID)!.contractStatus.player(playerId);
  if (!player) return { ok: false, error: refusal('instrument_not_found', 'Player not found') };
  if (player.retiredAt !== null) return { ok: false, error: refusal('retired', `${player.name} is retired`) };
  const leagues = deps.exposure.ofPlayer(playerId, player.teamId);
  const sum = (f: (l: (typeof leagues)[number]) => number) => leagues.reduce((n, l) => n + f(l), 0);
  return {
    ok: true,
    value: {
      playerId,
      name: player.name,
      teamId: player.teamId,
      teamName: player.teamName,
      salary: player.salary,
      newSalary,
      leagues: leagues.length,
      leaguesWithHoldings: leagues.filter((l) => l.player.holdings + l.team.holdings > 0).length,
      holdings: sum((l) => l.player.holdings),
      sharesHeld: sum((l) => l.player.shares),
      teamHoldings: sum((l) => l.team.holdings),
      openOrders: sum((l) => l.player.openOrders + l.team.openOrders),
    },
  };
}

/** Applies, in order, every logged change the league has not applied yet. */
function catchUpLeague(deps: ContractsDeps, league: LeagueServices): void {
  const { log, logger } = deps;
  for (const entry of log.after(appliedContract(league.db))) {
    const result = applyTo(league, entry);
    if (result.ok) continue;
    // The league cannot take it (its state differs from the default league's): noted, and not tried again.
    logger.error({ leagueId: league.leagueId, contract: entry.id, refusal: result.error }, 'A league refused a logged contract change');
    markContractsApplied(league.db, entry.id, deps.now());
  }
}

/**
 * The server admin's contract changes (a salary, a retirement, the draft) are facts of the NBA
 * (docs/leagues.md §4). Each is logged once, applied at once to the default league (whose answer
 * is the admin's), then by every other open league's own writer, one league per turn of the event
 * loop; a league that is not open applies what it missed, in order, when it opens. Each league
 * records in its own file the last change it applied, in the same transaction as the change, so a
 * crash anywhere finishes the change on the next start and never applies it twice.
 */
export function createContracts(deps: ContractsDeps) {
  const { hub, log, logger } = deps;
  let spreading: Promise<void> = Promise.resolve();
  const catchUp = (league: LeagueServices) => catchUpLeague(deps, league);

  /** Every open league but the default one catches up, one per turn, after the current turn. */
  function spread(): void {
    spreading = spreading.then(async () => {
      for (const league of hub.opened()) {
        if (league.leagueId === DEFAULT_LEAGUE_ID) continue;
        await new Promise((resolve) => setImmediate(resolve));
        try {
          catchUp(league);
        } catch (error) {
          logger.error({ err: error, leagueId: league.leagueId }, 'Applying contract changes to a league failed');
        }
      }
    });
  }

  function change<R extends AdminResult<unknown>>(
    actor: Actor,
    action: string,
    what: ContractChange,
    apply: (league: LeagueServices, entry: LoggedChange) => R,
    describe: (value: Extract<R, { ok: true }>['value']) => Record<string, unknown>,
  ): R {
    // The default league's answer is the admin's: its idempotency key is kept in that change's transaction.
    const first = hub.get(DEFAULT_LEAGUE_ID)!;
    catchUp(first);
    const entry = { id: log.append(actor, action, what, deps.now()), actor: actor.username, change: what };
    const result = apply(first, entry);
    if (!result.ok) {
      log.remove(entry.id);
      return result;
    }
    log.describe(entry.id, describe(result.value as Extract<R, { ok: true }>['value']));
    spread();
    return result;
  }

  return {
    catchUp,
    preview: (playerId: number, newSalary: number | null) => previewOf(deps, playerId, newSalary),
    /** When the last draft ran and the next may: the default league's, which every draft reaches first. */
    draftStatus: () => hub.get(DEFAULT_LEAGUE_ID)!.contractStatus.draftStatus(),
    /** `remember`: told the default league's answer inside its transaction (the admin's idempotency key). */
    changeSalary: (actor: Actor, playerId: number, newSalary: number, remember?: RememberAdmin<SalaryChange>) =>
      change(
        actor,
        'player.salary',
        { kind: 'salary', playerId, newSalary },
        (l, e) => l.leagueAdmin.changeSalary(byName(e), playerId, newSalary, e.id, remember),
        (v) => ({ playerId, name: v.name, oldSalary: v.oldSalary, newSalary }),
      ),
    retire: (actor: Actor, playerId: number, remember?: RememberAdmin<Retirement>) =>
      change(
        actor,
        'player.retire',
        { kind: 'retire', playerId },
        (l, e) => l.leagueAdmin.retire(byName(e), playerId, e.id, remember),
        (v) => ({ playerId, name: v.name, holders: v.holdersPaid, paidCents: v.paidCents }),
      ),
    /** One draft: the same rookies, names and restriction in every league (its time is chosen once). */
    draft: (actor: Actor, remember?: RememberAdmin<Draft>) => {
      const heldAt = deps.now();
      return change(
        actor,
        'draft',
        { kind: 'draft', heldAt },
        (l, e) => l.leagueAdmin.draft(byName(e), heldAt, e.id, remember),
        (v) => ({ picks: v.picks.length, restrictedUntil: v.restrictedUntil }),
      );
    },
    latestAudit: (limit: number) => deps.audit.latest(limit),
    /** Where the admin's idempotency keys are kept: the default league's file, whose change answers the admin. */
    keys: () => hub.get(DEFAULT_LEAGUE_ID)!.leagueKeys,
    /** Resolves once every open league has applied the changes and they are durable. */
    idle: async (): Promise<void> => {
      await spreading;
      await Promise.all(hub.opened().map((l) => l.exchange.idle()));
    },
  };
}
export type Contracts = ReturnType<typeof createContracts>;
