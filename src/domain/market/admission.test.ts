import { describe, expect, it } from 'vitest';
import {
  declinesOthersAsk,
  holdsShares,
  instrumentExists,
  knownUser,
  MAX_OPEN_ORDERS_PER_USER,
  oneTeamPerConference,
  openOrder,
  openOrderCap,
  rookieWeek,
  teamLock,
  tradable,
  validMinSellPrice,
} from './admission.js';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2025, 9, 1, 12, 0);

describe('admission: who may send which command', () => {
  it('an unknown player or team is not found', () => {
    expect(instrumentExists('player', false)).toEqual({ code: 'instrument_not_found', message: 'Player not found' });
    expect(tradable('team', undefined)).toEqual({ code: 'instrument_not_found', message: 'Team not found' });
    expect(instrumentExists('player', true)).toBeNull();
  });

  it('a retired player no longer trades', () => {
    expect(tradable('player', { active: false })).toEqual({ code: 'retired', message: 'Player is retired and no longer trades' });
    expect(tradable('player', { active: true })).toBeNull();
  });

  it('a user holds or bids on one Eastern and one Western team at most', () => {
    expect(oneTeamPerConference({ otherTeam: 'Boston Celtics', conference: 'East' })).toEqual({
      code: 'conference_taken',
      message: 'You already hold or bid on Boston Celtics: you may have one Eastern team only',
    });
    expect(oneTeamPerConference({ otherTeam: 'Denver Nuggets', conference: 'West' })?.message).toContain('one Western team only');
    expect(oneTeamPerConference({ otherTeam: null, conference: 'East' })).toBeNull();
  });

  it('for a week after the draft only holders of the rookie’s team may buy him', () => {
    const rookie = { restrictedUntil: now + 3 * DAY, at: now, teamId: 7, teamName: 'Utah Jazz' };
    expect(rookieWeek({ ...rookie, holdsTeam: false })).toEqual({
      code: 'rookie_restricted',
      message: 'Until 2025-10-04 only holders of Utah Jazz shares may buy this rookie',
    });
    expect(rookieWeek({ ...rookie, holdsTeam: true })).toBeNull();
    expect(rookieWeek({ ...rookie, holdsTeam: false, at: now + 3 * DAY })).toBeNull();
    expect(rookieWeek({ ...rookie, holdsTeam: false, restrictedUntil: null })).toBeNull();
    expect(rookieWeek({ ...rookie, holdsTeam: false, teamId: null })).toBeNull();
  });

  it('team shares bought in the last 7 days cannot be listed, dumped or sold', () => {
    expect(teamLock({ lockedUntil: now + DAY }, now)).toEqual({
      code: 'team_locked',
      message: "Locked until Oct 2, 12:00 PM UTC: team shares can't be sold for 7 days after a purchase",
    });
    expect(teamLock({ lockedUntil: now }, now)).toBeNull();
    expect(teamLock(undefined, now)).toBeNull();
  });

  it('a user keeps at most 200 asks and offers open; commands that post none are not capped', () => {
    expect(MAX_OPEN_ORDERS_PER_USER).toBe(200);
    expect(openOrderCap(199, true)).toBeNull();
    expect(openOrderCap(200, true)).toEqual({
      code: 'open_order_limit',
      message: 'You already have 200 open asks and offers: cancel some before posting more',
    });
    expect(openOrderCap(200, false)).toBeNull();
  });

  it('an order named by a command is open, and of the side (and kind) it expects', () => {
    const ask = { side: 'ask' as const, instrument: 'player' as const, status: 'open' };
    expect(openOrder(ask, { id: 7, side: 'ask' })).toBeNull();
    expect(openOrder(undefined, { id: 7, side: 'ask' })).toEqual({ code: 'order_not_found', message: 'Ask 7 not found' });
    expect(openOrder(ask, { id: 7, side: 'offer' })).toEqual({ code: 'order_not_found', message: 'Offer 7 not found' });
    expect(openOrder(ask, { id: 7, side: 'ask', kind: 'team' })?.code).toBe('order_not_found');
    expect(openOrder({ ...ask, status: 'filled' }, { id: 7, side: 'ask' })).toEqual({
      code: 'order_not_open',
      message: 'Ask 7 is no longer open: it was filled',
    });
    expect(openOrder({ side: 'offer', instrument: 'team', status: 'filled' }, { id: 8, side: 'offer' })?.message).toBe(
      'Offer 8 is no longer open: it was bought',
    );
    expect(openOrder({ ...ask, status: 'cancelled' }, { id: 7, side: 'ask' })?.message).toBe('Ask 7 is no longer open: it was cancelled');
  });

  it('a holder declines others’ asks; the asker cancels an own ask instead', () => {
    expect(declinesOthersAsk(1, 1)).toEqual({ code: 'own_ask', message: 'You cannot decline your own ask; cancel it instead' });
    expect(declinesOthersAsk(1, 2)).toBeNull();
  });

  it('a minimum sell price is whole cents of at least $1.00, and only a holding has one', () => {
    expect(validMinSellPrice(100)).toBeNull();
    for (const bad of [99, 0, -100, 150.5, Number.NaN]) expect(validMinSellPrice(bad)?.code).toBe('invalid_price');
    expect(holdsShares('team', undefined)).toEqual({ code: 'no_holding', message: 'You hold no shares of this team' });
    expect(holdsShares('player', { shares: 1 })).toBeNull();
  });

  it('a command for an unknown user is refused', () => {
    expect(knownUser(undefined)).toEqual({ code: 'user_not_found', message: 'User not found' });
    expect(knownUser(0)).toBeNull();
  });
});
