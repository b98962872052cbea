/**
 * Who may send which command (docs/rules.md §6 Teams, "Draft", "Orders"): each rule takes plain facts and
 * answers a refusal, or null when the command may go on to the book.
 */
import { MIN_ORDER_PRICE_CENTS } from '../../shared/money.js';
import type { InstrumentKind } from '../../shared/instrument.js';
import { refusal, type Refusal } from './refusal.js';

/** Open asks and offers one user may have at once, across every player and team. */
export const MAX_OPEN_ORDERS_PER_USER = 200;

const label = (kind: InstrumentKind) => (kind === 'player' ? 'Player' : 'Team');
const utcMinute = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
/** "Dec 3, 2:05 PM UTC". */
const minuteUtc = (ms: number) => `${utcMinute.format(ms)} UTC`;

/** The instrument exists. */
export function instrumentExists(kind: InstrumentKind, exists: boolean): Refusal | null {
  return exists ? null : refusal('instrument_not_found', `${label(kind)} not found`);
}

/** A retired player (or a team gone) no longer trades. */
export function tradable(kind: InstrumentKind, instrument: { active: boolean } | undefined): Refusal | null {
  if (!instrument) return instrumentExists(kind, false);
  return instrument.active ? null : refusal('retired', `${label(kind)} is retired and no longer trades`);
}

/** One Eastern and one Western team: `otherTeam` is the team of the same conference the buyer already holds or bids on. */
export function oneTeamPerConference(facts: { otherTeam: string | null; conference: string }): Refusal | null {
  if (facts.otherTeam === null) return null;
  const which = facts.conference === 'East' ? 'Eastern' : 'Western';
  return refusal('conference_taken', `You already hold or bid on ${facts.otherTeam}: you may have one ${which} team only`);
}

/** For a week after the draft only holders of the rookie's team may buy the rookie. */
export function rookieWeek(facts: { restrictedUntil: number | null; at: number; teamId: number | null; holdsTeam: boolean; teamName: string }): Refusal | null {
  const { restrictedUntil, at } = facts;
  if (!restrictedUntil || restrictedUntil <= at || facts.teamId === null || facts.holdsTeam) return null;
  return refusal(
    'rookie_restricted',
    `Until ${new Date(restrictedUntil).toISOString().slice(0, 10)} only holders of ${facts.teamName} shares may buy this rookie`,
  );
}

/** Team shares bought in the last 7 days cannot be listed, dumped or sold. */
export function teamLock(holding: { lockedUntil: number } | undefined, at: number): Refusal | null {
  if (!holding || holding.lockedUntil <= at) return null;
  return refusal('team_locked', `Locked until ${minuteUtc(holding.lockedUntil)}: team shares can't be sold for 7 days after a purchase`);
}

/** A user may keep at most MAX_OPEN_ORDERS_PER_USER asks and offers open at once. */
export function openOrderCap(openOrders: number, postsOrder: boolean): Refusal | null {
  if (!postsOrder || openOrders < MAX_OPEN_ORDERS_PER_USER) return null;
  return refusal('open_order_limit', `You already have ${MAX_OPEN_ORDERS_PER_USER} open asks and offers: cancel some before posting more`);
}

/** The order named is an open one of the side (and kind) the command expects. */
export function openOrder(
  order: { side: 'ask' | 'offer'; instrument: InstrumentKind; status: string } | undefined,
  expected: { id: number; side: 'ask' | 'offer'; kind?: InstrumentKind | undefined },
): Refusal | null {
  const { id, side, kind } = expected;
  const name = side === 'ask' ? 'Ask' : 'Offer';
  if (!order || order.side !== side || (kind && order.instrument !== kind)) return refusal('order_not_found', `${name} ${id} not found`);
  if (order.status === 'open') return null;
  const was = order.status === 'filled' ? (side === 'ask' ? 'filled' : 'bought') : 'cancelled';
  return refusal('order_not_open', `${name} ${id} is no longer open: it was ${was}`);
}

/** An ask is declined by the holders it is shown to; its owner cancels it instead. */
export function declinesOthersAsk(askOwner: number | undefined, userId: number): Refusal | null {
  return askOwner === userId ? refusal('own_ask', 'You cannot decline your own ask; cancel it instead') : null;
}

/** A minimum sell price is a whole number of cents of at least $1.00. */
export function validMinSellPrice(priceCents: number): Refusal | null {
  if (Number.isSafeInteger(priceCents) && priceCents >= MIN_ORDER_PRICE_CENTS) return null;
  return refusal('invalid_price', 'Invalid price: the minimum sell price must be at least $1.00');
}

/** Only a holding has a minimum sell price. */
export function holdsShares(kind: InstrumentKind, holding: unknown): Refusal | null {
  return holding ? null : refusal('no_holding', `You hold no shares of this ${kind}`);
}

/** The user is known to the ledger (has a balance). */
export function knownUser(cash: number | undefined): Refusal | null {
  return cash === undefined ? refusal('user_not_found', 'User not found') : null;
}

/** RULES.md, Leagues: a member the commissioner removed does nothing more in the league, from the moment of removal. */
export function activeMember(leftAt: number | null | undefined): Refusal | null {
  return typeof leftAt === 'number' ? refusal('not_member', 'You were removed from this league: nothing was changed') : null;
}
