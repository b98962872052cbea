import type { Db } from '../db/client.js';
import { createAuditRepo } from '../db/repos/audit.js';
import { createRosterRepo, type RosterRepo } from '../db/repos/roster.js';
import { createContractReads } from '../db/repos/contract-reads.js';
import { retirementPayouts, validSalary } from '../domain/market/contracts.js';
import { draftAfterRookieWeek, planDraft, ROOKIE_EXCLUSIVE_MS, type DraftPick } from '../domain/market/draft.js';
import { refusal, type Refusal } from '../domain/market/refusal.js';
import type { InstrumentRef } from './commands.js';
import type { AdminWriter } from './admin-writer.js';
import { addPlayer, changeSalary, rescaleTeam, type OrderCanceller } from './contracts.js';
import type { GameEvent } from './events.js';
import type { Exchange, ExclusiveResult } from './exchange.js';
import { keyOf } from './read-models/instruments.js';

export { MAX_SALARY } from '../domain/market/contracts.js';
export { ROOKIE_EXCLUSIVE_MS } from '../domain/market/draft.js';

/** What an admin's change answers: its result, or the refusal that changed nothing. */
export type AdminResult<T> = { ok: true; value: T } | { ok: false; error: Refusal };
/** Told the change's answer inside its transaction (an idempotency key's answer, docs/architecture.md §3). */
export type RememberAdmin<T> = (answer: ExclusiveResult<T>) => void;
const refused = (error: Refusal): AdminResult<never> => ({ ok: false, error });

export interface SalaryChange {
  playerId: number;
  name: string;
  oldSalary: number;
  newSalary: number;
  cancelledOrders: number;
}
export interface Retirement {
  playerId: number;
  name: string;
  holdersPaid: number;
  paidCents: number;
  cancelledOrders: number;
}
export interface Draft {
  picks: (DraftPick & { playerId: number })[];
  restrictedUntil: number;
}

export interface Actor {
  id: number | null;
  username: string;
}

/**
 * Everyone holding the player or the team before the change (a rescale or a retirement only ever
 * takes holders away): their portfolios change. From the exchange's read models, not the tables.
 */
function holderEvents(exchange: Exchange, playerId: number | null, teamId: number): GameEvent[] {
  const holdings = exchange.readModels().holdings;
  const users = new Set<number>(holdings.holders(keyOf('team', teamId)).map((h) => h.userId));
  if (playerId !== null) for (const h of holdings.holders(keyOf('player', playerId))) users.add(h.userId);
  return [...users].map((userId) => ({ type: 'portfolioUpdated' as const, userId }));
}

/** What a contract change rewrites: the player's book and its team's. */
const touchedBy = (playerId: number, teamId: number): (InstrumentRef & { traded?: boolean })[] => [
  { kind: 'player', id: playerId },
  { kind: 'team', id: teamId },
];

/** A change written through the writer (holdings, orders, open markets): only the touched instruments' own rows and marks are read again. */
const writtenThrough = (playerId: number, teamId: number) => ({ touched: touchedBy(playerId, teamId), writtenThrough: true });

const marketEvents = (playerId: number | null, teamId: number): GameEvent[] => [
  ...(playerId === null ? [] : [{ type: 'marketUpdated' as const, userId: null, itemType: 'player' as const, itemId: playerId }]),
  { type: 'marketUpdated', userId: null, itemType: 'team', itemId: teamId },
  { type: 'offersUpdated', userId: null, itemType: 'team', itemId: teamId },
  { type: 'asksUpdated', userId: null, itemType: 'team', itemId: teamId },
];

/** Each holder is told what was bought back from them (live, and by push to those who opted in). */
const retiredNotices = (fills: readonly { sellerId: number | null; shares: number; price: number }[], player: { id: number; name: string }, at: number) =>
  fills.map((f): GameEvent => ({
    type: 'playerRetired',
    userId: f.sellerId!,
    itemType: 'player',
    itemId: player.id,
    itemName: player.name,
    shares: f.shares,
    priceCents: f.price,
    at,
  }));

function activePlayerOf(league: RosterRepo, playerId: number) {
  const player = league.playerById(playerId);
  if (!player) return refusal('instrument_not_found', 'Player not found');
  if (player.retiredAt !== null) return refusal('retired', `${player.name} is retired`);
  return player;
}

/**
 * The admin's changes to the league (docs/rules.md §7 Contracts and retirement, §8 Draft), each run by the
 * exchange as the single writer and written to the league's audit log with who, what and when.
 */
export function createAdmin(db: Db, exchange: Exchange, now: () => number) {
  const audit = createAuditRepo(db);
  const league = createRosterRepo(db);
  const ledger = league.ledger;
  const reads = createContractReads(db);
  const activePlayer = (playerId: number) => activePlayerOf(league, playerId);
  const record = (actor: Actor, action: string, details: Record<string, unknown>, at: number) =>
    audit.record({ actorId: actor.id, actor: actor.username, action, details, at });

  /** Open orders are cancelled by the writer, as plans on their books. */
  const cancelThrough =
    (writer: AdminWriter): OrderCanceller =>
    (instrument, id) => {
      const open = ledger.openOrdersOf(instrument, id);
      writer.cancel({ kind: instrument, id }, open);
      return open;
    };

  return {
    /** `contract`: the logged change this applies (docs/leagues.md §4), recorded with it. */
    changeSalary(actor: Actor, playerId: number, newSalary: number, contract?: number, remember?: RememberAdmin<SalaryChange>): AdminResult<SalaryChange> {
      const invalid = validSalary(newSalary);
      if (invalid) return refused(invalid);
      return exchange.exclusive((writer) => {
        const player = activePlayer(playerId);
        if ('code' in player) return player;
        const before = holderEvents(exchange, playerId, player.teamId);
        const change = changeSalary(league, playerId, newSalary, cancelThrough(writer), writer.rescale);
        record(actor, 'player.salary', { playerId, name: player.name, oldSalary: change.oldSalary, newSalary, contract }, now());
        return {
          result: { playerId, name: player.name, oldSalary: change.oldSalary, newSalary, cancelledOrders: change.cancelledOrders.length },
          events: [...writer.events(), ...marketEvents(playerId, player.teamId), ...before],
          ...writtenThrough(playerId, player.teamId),
        };
      }, remember);
    },

    /** Open orders cancelled, every holder paid $1.00 a share by the open market, the player gone, the team's payroll smaller: all through the writer. */
    retire(actor: Actor, playerId: number, contract?: number, remember?: RememberAdmin<Retirement>): AdminResult<Retirement> {
      return exchange.exclusive((writer) => {
        const at = writer.at;
        const player = activePlayer(playerId);
        if ('code' in player) return player;
        const events = holderEvents(exchange, playerId, player.teamId);
        const cancel = cancelThrough(writer);
        const cancelled = cancel('player', playerId);
        const oldPayroll = league.teamPayroll(player.teamId);
        const holdings = ledger.holders('player', playerId);
        // The payouts are trades like any other, marked as the buy-back: written and told (tradeCompleted) by the writer.
        const payouts = retirementPayouts(holdings, player.salary);
        const paidCents = payouts.accounts.reduce((sum, a) => sum + a.cash, 0);
        events.unshift(...writer.write({ kind: 'player', id: playerId }, payouts, 'retirement'));
        events.push(...retiredNotices(payouts.fills, { id: playerId, name: player.name }, at));
        league.updatePlayer(playerId, { retiredAt: at, sharesRemaining: player.salary });
        rescaleTeam(league, player.teamId, oldPayroll, league.teamPayroll(player.teamId), cancel, writer.rescale);
        record(actor, 'player.retire', { playerId, name: player.name, holders: holdings.length, paidCents, contract }, at);
        return {
          result: { playerId, name: player.name, holdersPaid: holdings.length, paidCents, cancelledOrders: cancelled.length },
          events: [...writer.events(), ...marketEvents(playerId, player.teamId), ...events],
          ...writtenThrough(playerId, player.teamId),
        };
      }, remember);
    },

    /**
     * Two rounds of rookies, open only to their team's holders for a week; refused while the last
     * draft's week runs. `heldAt` is the draft's time (its rookies' names come from it): the same in
     * every league that holds one draft.
     */
    draft(actor: Actor, heldAt?: number, contract?: number, remember?: RememberAdmin<Draft>): AdminResult<Draft> {
      return exchange.exclusive((writer) => {
        const at = heldAt ?? writer.at;
        const tooSoon = draftAfterRookieWeek({ lastDraftAt: reads.lastDraftAt(), at });
        if (tooSoon) return tooSoon;
        const restrictedUntil = at + ROOKIE_EXCLUSIVE_MS;
        const teams = league.allTeams().map((t) => ({ id: t.id, payroll: league.teamPayroll(t.id) }));
        const cancel = cancelThrough(writer);
        const picks = planDraft(teams, at, league.allPlayerNames()).map((pick) => {
          const { player } = addPlayer(league, { name: pick.name, teamId: pick.teamId, salary: pick.salary, restrictedUntil }, at, cancel, writer.rescale);
          return { ...pick, playerId: player.id };
        });
        record(actor, 'draft', { picks: picks.length, restrictedUntil, contract }, at);
        const events = [...writer.events(), ...teams.flatMap((t) => [...marketEvents(null, t.id), ...holderEvents(exchange, null, t.id)])];
        const touched: InstrumentRef[] = [
          ...picks.map((p) => ({ kind: 'player' as const, id: p.playerId })),
          ...teams.map((t) => ({ kind: 'team' as const, id: t.id })),
        ];
        return { result: { picks, restrictedUntil }, events, touched, writtenThrough: true };
      }, remember);
    },
  };
}
export type Admin = ReturnType<typeof createAdmin>;
