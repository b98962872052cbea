import {
  acceptAskInput,
  acceptOfferInput,
  cancelAskInput,
  cancelOfferInput,
  declineAskInput,
  dumpInput,
  postOfferInput,
  setMinSellPriceInput,
  setTeamMinSellPriceInput,
  teamAskInput,
  teamBidInput,
  teamDeclineAskInput,
  teamDumpInput,
  tradeAskInput,
  tradeResult,
} from '../../shared/schemas/trading.js';
import { z } from 'zod';
import { askList, offerList, shareholderOut } from '../../shared/schemas/market.js';
import { pageInput } from '../../shared/schemas/pages.js';
import { teamDetailResult, teamIdInput, teamList } from '../../shared/schemas/teams.js';
import { pagedRoute, route, type RestRoute } from './route.js';

const base = { tag: 'trading', auth: 'user' as const, output: tradeResult };
const teamPageInput = teamIdInput.extend(pageInput);
const teamPage = (input: z.output<typeof teamPageInput>) => ({ itemType: 'team' as const, itemId: input.teamId, limit: input.limit, cursor: input.cursor });

/** The player trading paths of SPEC.md §7, plus cancelling one's own ask. */
export const tradingRestRoutes: RestRoute[] = [
  route({ ...base, method: 'POST', path: '/trade/ask', summary: 'Buy shares of a player: open market first, then sells at or below the price; the rest rests as an ask', input: tradeAskInput, call: (c, i) => c.trading.ask(i) }),
  route({ ...base, method: 'POST', path: '/trade/buy', summary: "A holder sells to an ask (player or team) at the ask's price", input: acceptAskInput, call: (c, i) => c.trading.acceptAsk(i) }),
  route({ ...base, method: 'POST', path: '/asks/{askId}/decline', summary: 'Hide an ask (player or team) from the caller', input: declineAskInput, call: (c, i) => c.trading.declineAsk(i) }),
  route({ ...base, method: 'DELETE', path: '/asks/{askId}', summary: 'Cancel an own ask; its escrowed cash returns', input: cancelAskInput, call: (c, i) => c.trading.cancelAsk(i) }),
  route({ ...base, method: 'POST', path: '/trade/dump', summary: 'Sell unlisted shares to the open market at $1.00 each (capped at the holding)', input: dumpInput, call: (c, i) => c.trading.dump(i) }),
  route({ ...base, method: 'POST', path: '/offers', summary: 'List shares for sale at a price; waiting asks at or above it fill at once', input: postOfferInput, call: (c, i) => c.trading.postOffer(i) }),
  route({ ...base, method: 'POST', path: '/offers/accept', summary: 'Buy all of an offer, or `shares` of it', input: acceptOfferInput, call: (c, i) => c.trading.acceptOffer(i) }),
  route({ ...base, method: 'DELETE', path: '/offers/{offerId}', summary: 'Cancel an own offer; its shares return', input: cancelOfferInput, call: (c, i) => c.trading.cancelOffer(i) }),
  route({ ...base, method: 'PUT', path: '/portfolio/{userId}/min-sell-price/{playerId}', summary: 'Set the minimum sell price of a holding (auto-trading)', input: setMinSellPriceInput, call: (c, i) => c.trading.setMinSellPrice(i) }),
  route({ method: 'GET', path: '/teams', tag: 'teams', auth: 'none', summary: 'Every team with its shares and total salary', input: z.object({}), output: teamList, call: (c) => c.teams.list() }),
  route({ method: 'GET', path: '/market/team/{teamId}', tag: 'teams', auth: 'none', summary: "A team's roster, the first page of its asks, offers and shareholders, its trades, the book's depth by price and the first sells a buy would take", input: teamIdInput, output: teamDetailResult, call: (c, i) => c.teams.detail(i) }),
  pagedRoute({ method: 'GET', path: '/market/team/{teamId}/asks', tag: 'teams', auth: 'none', summary: "A page of a team's open asks, highest price first", input: teamPageInput, output: askList, call: (c, i) => c.market.itemAsks(teamPage(i)) }),
  pagedRoute({ method: 'GET', path: '/market/team/{teamId}/offers', tag: 'teams', auth: 'none', summary: "A page of a team's open offers, lowest price first", input: teamPageInput, output: offerList, call: (c, i) => c.market.itemOffers(teamPage(i)) }),
  pagedRoute({ method: 'GET', path: '/market/team/{teamId}/shareholders', tag: 'teams', auth: 'none', summary: "A page of a team's shareholders, most shares first", input: teamPageInput, output: z.array(shareholderOut), call: (c, i) => c.market.holders(teamPage(i)) }),
  route({ ...base, method: 'POST', path: '/teams/bid', summary: 'Buy team shares (one Eastern and one Western team per user)', input: teamBidInput, call: (c, i) => c.teamTrading.bid(i) }),
  route({ ...base, method: 'POST', path: '/teams/ask', summary: 'List team shares for sale at a price', input: teamAskInput, call: (c, i) => c.teamTrading.ask(i) }),
  route({ ...base, method: 'POST', path: '/teams/dump', summary: 'Sell unlocked, unlisted team shares to the open market at $1.00', input: teamDumpInput, call: (c, i) => c.teamTrading.dump(i) }),
  route({ ...base, method: 'POST', path: '/teams/decline-ask', summary: 'Hide a team ask from the caller', input: teamDeclineAskInput, call: (c, i) => c.teamTrading.declineAsk(i) }),
  route({ ...base, method: 'PUT', path: '/portfolio/{userId}/team-min-sell-price/{teamId}', summary: 'Set the minimum sell price of a team holding', input: setTeamMinSellPriceInput, call: (c, i) => c.teamTrading.setMinSellPrice(i) }),
];
