import type { RosterRepo } from '../db/repos/roster.js';
import type { HoldingRow, OrderRow } from '../db/repos/ledger.js';
import { rescaleHoldings, type Rescaled } from '../domain/market/contracts.js';
import type { InstrumentKind } from '../shared/instrument.js';

export interface ContractChange {
  playerId: number;
  oldSalary: number;
  newSalary: number;
  cancelledOrders: OrderRow[];
}

/**
 * Cancels every open order on an instrument and returns them: by default straight in the tables
 * (the roster import, with the game stopped); the running game's admin passes the writer's, which
 * cancels them as plans on the books.
 */
export type OrderCanceller = (instrument: InstrumentKind, id: number) => OrderRow[];

/**
 * Where a rescale writes the holdings and the open market's shares: by default straight in the
 * tables (the roster import, with the game stopped); the running game's admin passes the writer's
 * ledger, which keeps its read models in step.
 */
export interface RescaleWrites {
  /** Every holding of the instrument rescaled by new/old, rounded down (none left: gone); answers the shares the open market holds after. */
  holdings(kind: InstrumentKind, id: number, oldTotal: number, newTotal: number): number;
  /** The shares the open market holds. */
  remaining(kind: InstrumentKind, id: number, remaining: number): void;
}

/** Each holder's shares after a rescale (0: gone), as the ledger writes them. */
export const sharesAfter = (result: Rescaled<{ userId: number; shares: number; costBasisCents: number }>): { userId: number; shares: number }[] => [
  ...result.holdings.map((h) => ({ userId: h.userId, shares: h.shares })),
  ...result.removed.map((h) => ({ userId: h.userId, shares: 0 })),
];

/** A rescale written straight in the tables. */
export const tableWrites = (repo: RosterRepo): RescaleWrites => ({
  holdings: (kind, id, oldTotal, newTotal) => {
    const result = rescaleHoldings<HoldingRow>(repo.ledger.holders(kind, id), oldTotal, newTotal);
    repo.ledger.rescaleHoldings(kind, id, oldTotal, newTotal, sharesAfter(result));
    return result.remaining;
  },
  remaining: (kind, id, remaining) => (kind === 'player' ? repo.updatePlayer(id, { sharesRemaining: remaining }) : repo.setTeamRemaining(id, remaining)),
});

/** Holdings rescaled by new/old, the open market absorbing the rounding. */
function rescale(write: RescaleWrites, kind: InstrumentKind, id: number, oldTotal: number, newTotal: number): void {
  write.remaining(kind, id, write.holdings(kind, id, oldTotal, newTotal));
}

/** Cancels every open order on an instrument, returning an ask's escrowed cash to its owner. */
export function cancelOpenOrders(repo: RosterRepo, instrument: InstrumentKind, id: number): OrderRow[] {
  const open = repo.ledger.openOrdersOf(instrument, id);
  for (const order of open) {
    repo.ledger.cancelOrder(order.id);
    if (order.side === 'ask') repo.ledger.addCash(order.userId, order.priceCents * order.sharesRemaining);
  }
  return open;
}

/** A team's payroll moved from `oldPayroll` to `newPayroll`: its holdings are rescaled like a player's. */
export function rescaleTeam(
  repo: RosterRepo,
  teamId: number,
  oldPayroll: number,
  newPayroll: number,
  cancel: OrderCanceller = (i, id) => cancelOpenOrders(repo, i, id),
  write: RescaleWrites = tableWrites(repo),
): OrderRow[] {
  if (oldPayroll === newPayroll) return [];
  const cancelled = cancel('team', teamId);
  if (oldPayroll === 0) write.remaining('team', teamId, newPayroll);
  else rescale(write, 'team', teamId, oldPayroll, newPayroll);
  return cancelled;
}

/**
 * docs/rules.md §7 Contracts and retirement: open orders on the player are cancelled (escrow returned), holdings are
 * rescaled by new/old, the open market absorbs the rounding, and the team's payroll follows.
 * Must run inside a transaction.
 */
export function changeSalary(
  repo: RosterRepo,
  playerId: number,
  newSalary: number,
  cancel: OrderCanceller = (i, id) => cancelOpenOrders(repo, i, id),
  write: RescaleWrites = tableWrites(repo),
): ContractChange {
  const player = repo.playerById(playerId);
  if (!player) throw new RangeError(`No player ${playerId}`);
  const oldSalary = player.salary;
  if (oldSalary === newSalary) return { playerId, oldSalary, newSalary, cancelledOrders: [] };
  const oldPayroll = repo.teamPayroll(player.teamId);
  const cancelled = cancel('player', playerId);
  // The open market never holds more shares than the salary: a raise is written before the rescale, a cut after it.
  if (newSalary > oldSalary) repo.updatePlayer(playerId, { salary: newSalary });
  rescale(write, 'player', playerId, oldSalary, newSalary);
  if (newSalary < oldSalary) repo.updatePlayer(playerId, { salary: newSalary });
  cancelled.push(...rescaleTeam(repo, player.teamId, oldPayroll, repo.teamPayroll(player.teamId), cancel, write));
  return { playerId, oldSalary, newSalary, cancelledOrders: cancelled };
}

/** A new player joins a team's payroll: the open market holds all of the player's shares. */
export function addPlayer(
  repo: RosterRepo,
  player: { name: string; teamId: number; salary: number; restrictedUntil: number | null },
  now: number,
  cancel: OrderCanceller = (i, id) => cancelOpenOrders(repo, i, id),
  write: RescaleWrites = tableWrites(repo),
) {
  const oldPayroll = repo.teamPayroll(player.teamId);
  const row = repo.insertPlayer({ ...player, sharesRemaining: player.salary, lastTradePriceCents: null, retiredAt: null, createdAt: now });
  const cancelledOrders = rescaleTeam(repo, player.teamId, oldPayroll, oldPayroll + player.salary, cancel, write);
  return { player: row, cancelledOrders };
}

/** A player moves to another team: both payrolls change, both teams' holdings are rescaled. */
export function movePlayer(repo: RosterRepo, playerId: number, toTeamId: number): OrderRow[] {
  const player = repo.playerById(playerId);
  if (!player || player.teamId === toTeamId) return [];
  const fromOld = repo.teamPayroll(player.teamId);
  const toOld = repo.teamPayroll(toTeamId);
  repo.updatePlayer(playerId, { teamId: toTeamId });
  return [...rescaleTeam(repo, player.teamId, fromOld, repo.teamPayroll(player.teamId)), ...rescaleTeam(repo, toTeamId, toOld, repo.teamPayroll(toTeamId))];
}
