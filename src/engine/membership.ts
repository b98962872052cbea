import type { Db } from '../db/client.js';
import { createLeagueMembersRepo, type MemberAccount } from '../db/repos/league-members.js';
import type { Refusal } from '../domain/market/refusal.js';
import type { InstrumentRef } from './commands.js';
import type { Exchange } from './exchange.js';
import type { OrderView } from './read-models/open-orders.js';

export type MembershipResult<T> = { ok: true; value: T } | { ok: false; error: Refusal };

const refOf = (key: string): InstrumentRef => {
  const [kind, id] = key.split(':');
  return { kind: kind as InstrumentRef['kind'], id: Number(id) };
};

/**
 * A member leaves the league's market (RULES.md, Leagues), by its writer in one transaction: first
 * marked removed, so the writer refuses every command of theirs from then on and sells nothing of
 * theirs; then every open ask and offer of theirs is cancelled (cash and shares back to them) and
 * their standing sells withdrawn. Their holdings stay. Answers how many orders were cancelled.
 */
export function removeFromMarket(exchange: Exchange, db: Db, userId: number): MembershipResult<number> {
  const members = createLeagueMembersRepo(db);
  return exchange.exclusive((writer) => {
    members.leave(userId, writer.at);
    const models = exchange.readModels();
    const byInstrument = new Map<string, OrderView[]>();
    for (const o of [...models.orders.ofUser(userId)]) {
      const key = `${o.kind}:${o.instrumentId}`;
      byInstrument.set(key, [...(byInstrument.get(key) ?? []), o]);
    }
    for (const [key, orders] of byInstrument) writer.cancel(refOf(key), orders);
    for (const key of [...models.holdings.ofUser(userId).keys()]) writer.refreshStandingSell(refOf(key), userId);
    const count = [...byInstrument.values()].reduce((n, list) => n + list.length, 0);
    // Every write went through the writer: nothing to rebuild.
    return { result: count, events: [...writer.events(), { type: 'portfolioUpdated' as const, userId }], touched: [] };
  });
}

/**
 * A member joins the league's market, or comes back: their row (a newcomer's with the starting
 * cash, a returning member's as they left it), then the standing sells of what they still hold.
 */
export function joinMarket(exchange: Exchange, db: Db, account: MemberAccount, startingCashCents: number): MembershipResult<void> {
  const members = createLeagueMembersRepo(db);
  return exchange.exclusive((writer) => {
    members.join(account, startingCashCents, writer.at);
    for (const key of [...exchange.readModels().holdings.ofUser(account.id).keys()]) writer.refreshStandingSell(refOf(key), account.id);
    return { result: undefined, events: [...writer.events(), { type: 'portfolioUpdated' as const, userId: account.id }], touched: [] };
  });
}
