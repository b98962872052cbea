import {
  activeMember,
  declinesOthersAsk,
  holdsShares,
  instrumentExists,
  knownUser,
  oneTeamPerConference,
  openOrder,
  openOrderCap,
  rookieWeek,
  teamLock,
  tradable,
  validMinSellPrice,
} from '../domain/market/admission.js';
import type { Refusal } from '../domain/market/refusal.js';
import type { InstrumentKind } from '../db/repos/ledger.js';
import type { InstrumentRef } from './commands.js';
import type { MarketMemory } from './market-memory.js';

/**
 * The facts each admission rule of domain/market/admission.ts needs, read from the writer's memory.
 * Each check answers the rule's refusal, or null.
 */
export function admissionChecks(memory: MarketMemory, at: number) {
  const { ledger } = memory;
  return {
    /** An instrument with no book: unknown, or no longer trading. */
    missing: (ref: InstrumentRef) => instrumentExists(ref.kind, false)!,
    tradable: (ref: InstrumentRef) => tradable(ref.kind, ledger.instrument(ref.kind, ref.id)),

    /** docs/rules.md §6 Teams: one Eastern and one Western team; §8 Draft: a rookie is open to his team's holders for a week. */
    mayBuy(ref: InstrumentRef, userId: number): Refusal | null {
      if (ref.kind === 'team') {
        const otherTeam = ledger.sameConferenceTeam(userId, ref.id);
        return oneTeamPerConference({ otherTeam, conference: otherTeam === null ? '' : (ledger.team(ref.id)?.conference ?? '') });
      }
      const player = ledger.instrument('player', ref.id);
      if (!player?.restrictedUntil || player.restrictedUntil <= at || player.teamId === null) return null;
      const teamId = player.teamId;
      return rookieWeek({
        restrictedUntil: player.restrictedUntil,
        at,
        teamId,
        holdsTeam: ledger.holding('team', userId, teamId) !== undefined,
        teamName: ledger.team(teamId)?.name ?? 'his team',
      });
    },

    unlocked: (ref: InstrumentRef, userId: number) => (ref.kind === 'team' ? teamLock(ledger.holding('team', userId, ref.id), at) : null),

    openOrderCap: (userId: number, postsOrder: boolean) => openOrderCap(memory.tally.openOrders(userId), postsOrder),

    knownUser: (userId: number) => knownUser(ledger.balance(userId)),

    /** Removed from the league: every command refused, whatever it is. */
    member: (userId: number) => activeMember(ledger.leftAt(userId)),

    /** The book of an open order, checking its side (and kind, when the caller names one). */
    order(id: number, side: 'ask' | 'offer', kind?: InstrumentKind): { ref: InstrumentRef; refusal: null } | { ref: null; refusal: Refusal } {
      const order = ledger.order(id);
      const refusal = openOrder(order, { id, side, kind });
      return refusal ? { ref: null, refusal } : { ref: { kind: order!.instrument, id: order!.instrumentId }, refusal: null };
    },

    declinesOthersAsk: (askId: number, userId: number) => declinesOthersAsk(ledger.order(askId)?.userId, userId),
    validMinSellPrice,
    holdsShares: (ref: InstrumentRef, userId: number) => holdsShares(ref.kind, ledger.holding(ref.kind, userId, ref.id)),
  };
}
export type AdmissionChecks = ReturnType<typeof admissionChecks>;
