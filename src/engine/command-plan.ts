import { withMinSellPrice } from '../domain/market/holding.js';
import type { Refusal } from '../domain/market/refusal.js';
import type { Command, OrderBook } from '../domain/orderbook/index.js';
import type { AdmissionChecks } from './admit.js';
import type { CommandRun } from './command-run.js';
import type { ExchangeCommand, ExchangeResult, InstrumentRef } from './commands.js';
import type { MarketMemory } from './market-memory.js';
import type { ExchangeObserver } from './observer.js';

/** What running one command needs: the writer's memory, the admission checks at the command's time, the run collecting what it does. */
export interface CommandContext {
  memory: MarketMemory;
  checks: AdmissionChecks;
  run: CommandRun;
  observer: ExchangeObserver | undefined;
}

type Of<T extends ExchangeCommand['type']> = Extract<ExchangeCommand, { type: T }>;
type Step = (cmd: never, c: CommandContext) => ExchangeResult;

const refused = (error: Refusal): ExchangeResult => ({ ok: false, error });
const firstRefusal = (...checks: (() => Refusal | null)[]): Refusal | null => {
  for (const check of checks) {
    const r = check();
    if (r) return r;
  }
  return null;
};

/** plan → (cap) → write and apply: the command's plan on its instrument's book, committed unless it changes nothing. */
function planAndCommit(c: CommandContext, ref: InstrumentRef, make: (book: OrderBook) => Command | Refusal): ExchangeResult {
  const book = c.memory.book(ref.kind, ref.id);
  if (!book) return refused(c.checks.missing(ref));
  const planStart = c.observer ? performance.now() : 0;
  const command = make(book);
  if ('code' in command) return refused(command);
  const result = book.plan(command);
  c.observer?.planned((performance.now() - planStart) / 1000);
  if (!result.ok) return refused(result.error);
  const plan = result.plan;
  const cap = c.checks.openOrderCap(c.run.sender, plan.newAsk !== null || plan.newOffer !== null);
  if (cap) return refused(cap);
  if (!plan.noop) c.run.commit(ref, book, plan);
  return { ok: true, outcome: c.run.outcome(ref, plan) };
}

const nextIds = (c: CommandContext) => ({ orderId: ++c.memory.counters.orderId, seq: ++c.memory.counters.seq });
const cashOf = (c: CommandContext, userId: number): number | Refusal => c.checks.knownUser(userId) ?? c.memory.ledger.balance(userId)!;

/** Each command: admit (domain/market/admission.ts), then plan → write → apply. */
const steps: { [T in ExchangeCommand['type']]: (cmd: Of<T>, c: CommandContext) => ExchangeResult } = {
  buy(cmd, c) {
    const ref = cmd.instrument;
    const no = firstRefusal(
      () => c.checks.tradable(ref),
      () => c.checks.mayBuy(ref, cmd.userId),
    );
    if (no) return refused(no);
    return planAndCommit(c, ref, () => {
      const cash = cashOf(c, cmd.userId);
      return typeof cash === 'number' ? { kind: 'buy', userId: cmd.userId, shares: cmd.shares, price: cmd.priceCents, cash, ...nextIds(c) } : cash;
    });
  },
  listOffer(cmd, c) {
    const ref = cmd.instrument;
    const no = firstRefusal(
      () => c.checks.tradable(ref),
      () => c.checks.unlocked(ref, cmd.userId),
    );
    if (no) return refused(no);
    return planAndCommit(c, ref, () => ({
      kind: 'listOffer',
      userId: cmd.userId,
      shares: cmd.shares,
      price: cmd.priceCents,
      unlisted: c.run.unlisted(ref, cmd.userId),
      ...nextIds(c),
    }));
  },
  dump(cmd, c) {
    const ref = cmd.instrument;
    const no = firstRefusal(
      () => c.checks.tradable(ref),
      () => c.checks.unlocked(ref, cmd.userId),
    );
    if (no) return refused(no);
    return planAndCommit(c, ref, () => ({ kind: 'dump', userId: cmd.userId, shares: cmd.shares, unlisted: c.run.unlisted(ref, cmd.userId) }));
  },
  acceptAsk(cmd, c) {
    const { ref, refusal } = c.checks.order(cmd.askId, 'ask', cmd.kind);
    if (refusal) return refused(refusal);
    const locked = c.checks.unlocked(ref, cmd.userId);
    if (locked) return refused(locked);
    return planAndCommit(c, ref, () => ({
      kind: 'acceptAsk',
      userId: cmd.userId,
      askId: cmd.askId,
      shares: cmd.shares,
      unlisted: c.run.unlisted(ref, cmd.userId),
    }));
  },
  acceptOffer(cmd, c) {
    const { ref, refusal } = c.checks.order(cmd.offerId, 'offer');
    if (refusal) return refused(refusal);
    const no = c.checks.mayBuy(ref, cmd.userId);
    if (no) return refused(no);
    return planAndCommit(c, ref, () => {
      const cash = cashOf(c, cmd.userId);
      return typeof cash === 'number' ? { kind: 'acceptOffer', userId: cmd.userId, offerId: cmd.offerId, shares: cmd.shares, cash } : cash;
    });
  },
  cancelAsk(cmd, c) {
    const { ref, refusal } = c.checks.order(cmd.askId, 'ask');
    if (refusal) return refused(refusal);
    return planAndCommit(c, ref, () => ({ kind: 'cancelAsk', userId: cmd.userId, askId: cmd.askId }));
  },
  cancelOffer(cmd, c) {
    const { ref, refusal } = c.checks.order(cmd.offerId, 'offer');
    if (refusal) return refused(refusal);
    return planAndCommit(c, ref, () => ({ kind: 'cancelOffer', userId: cmd.userId, offerId: cmd.offerId }));
  },
  declineAsk(cmd, c) {
    const { ref, refusal } = c.checks.order(cmd.askId, 'ask', cmd.kind);
    if (refusal) return refused(refusal);
    const own = c.checks.declinesOthersAsk(cmd.askId, cmd.userId);
    if (own) return refused(own);
    c.memory.ledger.declineAsk(cmd.askId, cmd.userId, c.run.at);
    c.run.events.push({ type: 'asksUpdated', userId: null, itemType: ref.kind, itemId: ref.id });
    return { ok: true, outcome: c.run.outcome(ref, null) };
  },
  setMinSellPrice(cmd, c) {
    const ref = cmd.instrument;
    const invalid = c.checks.validMinSellPrice(cmd.priceCents);
    if (invalid) return refused(invalid);
    const book = c.memory.book(ref.kind, ref.id);
    if (!book) return refused(c.checks.missing(ref));
    const h = c.memory.ledger.holding(ref.kind, cmd.userId, ref.id);
    if (!h) return refused(c.checks.holdsShares(ref, cmd.userId)!);
    c.memory.ledger.saveHolding(ref.kind, cmd.userId, ref.id, withMinSellPrice(h, cmd.priceCents, ++c.memory.counters.seq));
    c.run.refreshStandingSell(ref, book, cmd.userId);
    return { ok: true, outcome: c.run.outcome(ref, null) };
  },
};

/**
 * Runs one command: its sender still a member, its admission rules, then its plan written and
 * applied; a refusal is an answer, decided before anything is written.
 */
export function runCommand(cmd: ExchangeCommand, c: CommandContext): ExchangeResult {
  const removed = c.checks.member(cmd.userId);
  if (removed) return refused(removed);
  return (steps[cmd.type] as Step)(cmd as never, c);
}
