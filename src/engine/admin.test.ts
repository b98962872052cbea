import { describe, expect, it } from 'vitest';
import { createRosterRepo } from '../db/repos/roster.js';
import { createAuditRepo } from '../db/repos/audit.js';
import { createAdmin, ROOKIE_EXCLUSIVE_MS } from './admin.js';
import { ledgerProblems } from './test-support/invariants.js';
import { testExchange } from './test-support/exchange.js';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { createContractStatus } from './contract-status.js';

const admin = { id: null, username: 'test admin' };

function setup() {
  const t = testExchange();
  const a = createAdmin(t.db, t.exchange, () => t.clock.now);
  const league = createRosterRepo(t.db);
  return { t, a, league };
}

describe('salary change', () => {
  it('keeps a holding that buys more after a raise at a default minimum of at least $1.00', () => {
    const { t, a } = setup();
    const p = t.player(10);
    const holder = t.user('holder');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 1, priceCents: 100 });
    a.changeSalary(admin, p.id, 30);
    // 3 shares for 100 cents, then one more at $1.00: an average of 50 cents.
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 1, priceCents: 100 });
    expect(t.holding(holder, p)).toMatchObject({ shares: 4, costBasisCents: 200, minSellPriceCents: 100 });
    expect(t.exchange.book(p)!.getStandingSell(holder)).toMatchObject({ shares: 4, price: 100 });
    expect(ledgerProblems(t.db)).toEqual([]);
  });

  it('cancels the player’s orders with escrow back, gives holders proportional shares, moves the payroll, and is audited', () => {
    const { t, a, league } = setup();
    const p = t.player(1_000);
    const holder = t.user('holder');
    const bidder = t.user('bidder');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 1_000, priceCents: 100 });
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: p, priceCents: 900 });
    const ask = t.ok({ type: 'buy', userId: bidder, instrument: p, shares: 10, priceCents: 500 }).ask!;
    const bidderCash = t.cash(bidder);
    const teamId = league.playerById(p.id)!.teamId;
    const payroll = league.teamPayroll(teamId);

    const result = a.changeSalary(admin, p.id, 2_500);
    expect(result).toMatchObject({ ok: true, value: { oldSalary: 1_000, newSalary: 2_500, cancelledOrders: 1 } });
    expect(t.order(ask.id)!.status).toBe('cancelled');
    expect(t.cash(bidder)).toBe(bidderCash + 10 * 500);
    expect(t.holding(holder, p)).toMatchObject({ shares: 2_500, costBasisCents: 100_000 });
    expect(league.teamPayroll(teamId)).toBe(payroll + 1_500);
    expect(createAuditRepo(t.db).latest(1)[0]).toMatchObject({
      actor: 'test admin',
      action: 'player.salary',
      details: { playerId: p.id, oldSalary: 1_000, newSalary: 2_500 },
    });
    expect(ledgerProblems(t.db)).toEqual([]);
    // The books were rebuilt: the holder's standing sell now offers all 2,500 shares.
    expect(t.exchange.book(p)!.getStandingSell(holder)?.shares).toBe(2_500);
  });

  it('cancels the open orders through the writer: their lists and owners are told, like a cancel of their own', async () => {
    const { t, a } = setup();
    const p = t.player(1_000);
    const holder = t.user('holder');
    const bidder = t.user('bidder');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 1_000, priceCents: 100 });
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: p, priceCents: 1_000 });
    t.ok({ type: 'listOffer', userId: holder, instrument: p, shares: 100, priceCents: 900 });
    expect(t.ok({ type: 'buy', userId: bidder, instrument: p, shares: 10, priceCents: 500 }).ask).not.toBeNull();
    const before = t.events.length;

    expect(a.changeSalary(admin, p.id, 2_000)).toMatchObject({ ok: true, value: { cancelledOrders: 2 } });
    await t.exchange.idle();

    const published = t.events.slice(before);
    for (const type of ['asksUpdated', 'offersUpdated', 'marketUpdated'] as const) {
      expect(published).toContainEqual(expect.objectContaining({ type, itemType: 'player', itemId: p.id }));
    }
    for (const userId of [holder, bidder]) expect(published).toContainEqual(expect.objectContaining({ type: 'portfolioUpdated', userId }));
    expect(published.filter((e) => e.type === 'tradeCompleted')).toEqual([]);
    expect(t.exchange.openOrderTally().openOrders(bidder)).toBe(0);
    expect(ledgerProblems(t.db)).toEqual([]);
  });

  it('refuses an unknown player and a bad salary, changing nothing', () => {
    const { t, a } = setup();
    expect(a.changeSalary(admin, 999_999, 5)).toMatchObject({ ok: false, error: { code: 'instrument_not_found', message: 'Player not found' } });
    const p = t.player(100);
    expect(a.changeSalary(admin, p.id, 0)).toMatchObject({
      ok: false,
      error: { code: 'invalid_salary', message: expect.stringContaining('The new salary must be a whole number') },
    });
    expect(t.remaining(p)).toBe(100);
  });
});

describe('retirement', () => {
  it('pays every holder $1.00 a share, cancels orders, takes the player off the market and shrinks the payroll', () => {
    const { t, a, league } = setup();
    const p = t.player(500);
    const holder = t.user('holder');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 200, priceCents: 100 });
    const offer = t.ok({ type: 'listOffer', userId: holder, instrument: p, shares: 50, priceCents: 700 }).offer!;
    const cash = t.cash(holder);
    const teamId = league.playerById(p.id)!.teamId;
    const payroll = league.teamPayroll(teamId);

    expect(a.retire(admin, p.id)).toMatchObject({ ok: true, value: { holdersPaid: 1, paidCents: 200 * 100, cancelledOrders: 1 } });
    expect(t.cash(holder)).toBe(cash + 200 * 100);
    expect(t.shares(holder, p)).toBe(0);
    expect(t.order(offer.id)!.status).toBe('cancelled');
    expect(league.teamPayroll(teamId)).toBe(payroll - 500);
    expect(t.exchange.book(p)).toBeUndefined();
    expect(t.submit({ type: 'buy', userId: holder, instrument: p, shares: 1, priceCents: 100 })).toMatchObject({ ok: false });
    expect(a.retire(admin, p.id)).toMatchObject({ ok: false, error: { code: 'retired', message: expect.stringContaining('is retired') } });
    expect(ledgerProblems(t.db)).toEqual([]);
  });
  it('publishes each payout as a trade, like any other: the ticker, the holders’ trades and portfolios follow it live', async () => {
    const { t, a } = setup();
    const p = t.player(500);
    const first = t.user('first');
    const second = t.user('second');
    t.ok({ type: 'buy', userId: first, instrument: p, shares: 120, priceCents: 100 });
    t.ok({ type: 'buy', userId: second, instrument: p, shares: 30, priceCents: 100 });
    const before = t.events.length;

    expect(a.retire(admin, p.id)).toMatchObject({ ok: true, value: { holdersPaid: 2, paidCents: 150 * 100 } });
    await t.exchange.idle();

    const published = t.events.slice(before);
    const trades = published.flatMap((e) => (e.type === 'tradeCompleted' ? [e.trade] : []));
    const rows = t.trades().slice(-2);
    expect(trades).toEqual(
      rows.map((row) =>
        expect.objectContaining({
          tradeId: row.id,
          itemType: 'player',
          itemId: p.id,
          buyerId: null,
          buyerUsername: null,
          sellerId: row.sellerId,
          shares: row.shares,
          priceCents: 100,
        }),
      ),
    );
    expect(trades.map((tr) => [tr.sellerUsername, tr.shares])).toEqual(
      expect.arrayContaining([
        ['first', 120],
        ['second', 30],
      ]),
    );
    expect(published).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), type: 'portfolioUpdated', userId: first },
        { id: expect.any(Number), type: 'portfolioUpdated', userId: second },
      ]),
    );
    expect(ledgerProblems(t.db)).toEqual([]);
  });

  it('marks the payouts as the retirement’s buy-back, and tells each holder what was bought back from them', async () => {
    const { t, a } = setup();
    const p = t.player(500);
    const [first, second, seller] = [t.user('first'), t.user('second'), t.user('seller')];
    t.ok({ type: 'buy', userId: seller, instrument: p, shares: 10, priceCents: 100 });
    t.ok({ type: 'dump', userId: seller, instrument: p, shares: 10 });
    t.ok({ type: 'buy', userId: first, instrument: p, shares: 280, priceCents: 100 });
    t.ok({ type: 'buy', userId: second, instrument: p, shares: 1, priceCents: 100 });
    const before = t.events.length;
    const at = t.clock.now;

    expect(a.retire(admin, p.id)).toMatchObject({ ok: true, value: { holdersPaid: 2 } });
    await t.exchange.idle();

    // The dump stays an ordinary trade; only the buy-backs carry the reason.
    const rows = t.trades().filter((r) => r.instrumentId === p.id && r.instrument === 'player');
    expect(rows.map((r) => [r.sellerId, r.buyerId, r.shares, r.reason])).toEqual([
      [null, seller, 10, null],
      [seller, null, 10, null],
      [null, first, 280, null],
      [null, second, 1, null],
      ...[
        [first, null, 280, 'retirement'],
        [second, null, 1, 'retirement'],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    ]);
    const published = t.events.slice(before);
    expect(published.filter((e) => e.type === 'tradeCompleted').map((e) => e.type === 'tradeCompleted' && e.trade.reason)).toEqual([
      'retirement',
      'retirement',
    ]);
    const name = createRosterRepo(t.db).playerById(p.id)!.name;
    expect(published.filter((e) => e.type === 'playerRetired')).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(Number),
          type: 'playerRetired',
          userId: first,
          itemType: 'player',
          itemId: p.id,
          itemName: name,
          shares: 280,
          priceCents: 100,
          at,
          inboxId: expect.any(Number),
        },
        {
          id: expect.any(Number),
          type: 'playerRetired',
          userId: second,
          itemType: 'player',
          itemId: p.id,
          itemName: name,
          shares: 1,
          priceCents: 100,
          at,
          inboxId: expect.any(Number),
        },
      ]),
    );
    expect(published.filter((e) => e.type === 'playerRetired')).toHaveLength(2);
    expect(ledgerProblems(t.db)).toEqual([]);
  });
});

describe('the draft', () => {
  it('adds 60 rookies open only to their team’s holders for a week', () => {
    const { t, a, league } = setup();
    const drafted = a.draft(admin);
    if (!drafted.ok) throw new Error(drafted.error.message);
    const { picks, restrictedUntil } = drafted.value;
    expect(picks).toHaveLength(60);
    expect(restrictedUntil).toBe(t.clock.now + ROOKIE_EXCLUSIVE_MS);
    const top = picks[0]!;
    const rookie = { kind: 'player' as const, id: top.playerId };
    const outsider = t.user('outsider');
    const fan = t.user('fan');
    t.ok({ type: 'buy', userId: fan, instrument: { kind: 'team', id: top.teamId }, shares: 1, priceCents: 100 });

    const refused = t.submit({ type: 'buy', userId: outsider, instrument: rookie, shares: 10, priceCents: 100 });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'rookie_restricted', message: expect.stringMatching(/^Until \d{4}-\d\d-\d\d only holders of .+ shares may buy this rookie$/) },
    });
    expect(t.ok({ type: 'buy', userId: fan, instrument: rookie, shares: 10, priceCents: 100 }).bought).toBe(10);
    t.clock.now = restrictedUntil + 1;
    expect(t.ok({ type: 'buy', userId: outsider, instrument: rookie, shares: 10, priceCents: 100 }).bought).toBe(10);

    expect(league.playerById(top.playerId)!.salary).toBe(top.salary);
    expect(createAuditRepo(t.db).latest(1)[0]).toMatchObject({ action: 'draft', details: { picks: 60 } });
    expect(ledgerProblems(t.db)).toEqual([]);
  });

  it('refuses a second draft while the rookie week runs, with the dates, and after a restart too; allows it once the week is over', () => {
    const { t, a } = setup();
    const heldAt = Date.UTC(2026, 0, 3, 14, 5);
    t.clock.now = heldAt;
    const status = createContractStatus(t.db, t.exchange);
    expect(status.draftStatus()).toEqual({ lastDraftAt: null, nextDraftFrom: null });
    expect(a.draft(admin)).toMatchObject({ ok: true });
    const rookies = () => t.db.$client.prepare('SELECT COUNT(*) AS n FROM players WHERE restricted_until IS NOT NULL').get();
    const refusal = {
      ok: false,
      error: { code: 'draft_too_soon', message: 'The last draft ran on 2026-01-03 14:05 UTC; the next can run from 2026-01-10 14:05 UTC' },
    };

    // The confirmation clicked twice, 3.4 s apart.
    t.clock.now = heldAt + 3_400;
    expect(a.draft(admin)).toEqual(refusal);
    expect(rookies()).toEqual({ n: 60 });
    expect(status.draftStatus()).toEqual({ lastDraftAt: heldAt, nextDraftFrom: heldAt + ROOKIE_EXCLUSIVE_MS });

    // A restart: a new writer on the same file knows the last draft from the file alone.
    t.exchange.stop();
    const restarted = createAdmin(t.db, createExchange({ db: t.db, bus: new EventBus(), now: () => t.clock.now }), () => t.clock.now);
    t.clock.now = heldAt + ROOKIE_EXCLUSIVE_MS - 1;
    expect(restarted.draft(admin)).toEqual(refusal);
    expect(rookies()).toEqual({ n: 60 });

    t.clock.now = heldAt + ROOKIE_EXCLUSIVE_MS;
    expect(restarted.draft(admin)).toMatchObject({ ok: true });
    expect(rookies()).toEqual({ n: 120 });
    expect(status.draftStatus()).toEqual({ lastDraftAt: heldAt + ROOKIE_EXCLUSIVE_MS, nextDraftFrom: heldAt + 2 * ROOKIE_EXCLUSIVE_MS });
    expect(ledgerProblems(t.db)).toEqual([]);
  });
});
