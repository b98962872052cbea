import { setTeamMinSellPriceInput, teamAskInput, teamBidInput, teamDeclineAskInput, teamDumpInput } from '../../shared/schemas/trading.js';
import { router } from '../trpc.js';
import { boughtMessage, listedMessage, minSellMessage, tradeMutation } from './trade-mutation.js';
import { TOAST } from '../../shared/texts.js';

const team = (id: number) => ({ kind: 'team' as const, id });

/** Team trading (docs/api.md §2 Paths): the same exchange as players, with the team rules of docs/rules.md §6 Teams enforced by the engine. */
export const teamTradingRouter = router({
  bid: tradeMutation(
    teamBidInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'buy', userId, instrument: team(i.teamId), shares: i.shares, priceCents: i.priceCents }),
    boughtMessage,
  ),
  ask: tradeMutation(
    teamAskInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'listOffer', userId, instrument: team(i.teamId), shares: i.shares, priceCents: i.priceCents }),
    listedMessage,
  ),
  dump: tradeMutation(
    teamDumpInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'dump', userId, instrument: team(i.teamId), shares: i.shares }),
    TOAST.teamSharesDumped,
  ),
  declineAsk: tradeMutation(
    teamDeclineAskInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'declineAsk', userId, askId: i.teamAskId, kind: 'team' }),
    TOAST.askDeclined,
  ),
  setMinSellPrice: tradeMutation(
    setTeamMinSellPriceInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'setMinSellPrice', userId, instrument: team(i.teamId), priceCents: i.minSellPriceCents }),
    minSellMessage,
  ),
});
