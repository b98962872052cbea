import type { z } from 'zod';
import { teamIdInput } from '../../shared/schemas/teams.js';
import { pageInput } from '../../shared/schemas/pages.js';
import { mappedRoute, paged, route, type RestRoute } from './route.js';

const base = { tag: 'trading', auth: 'user' as const };
const teamPageInput = teamIdInput.extend(pageInput);
const teamPage = (input: z.output<typeof teamPageInput>) => ({ itemType: 'team' as const, itemId: input.teamId, limit: input.limit, cursor: input.cursor });

/** The player trading paths of docs/api.md §2 Paths, plus cancelling one's own ask. */
export const tradingRestRoutes: RestRoute[] = [
  route('trading.ask', {
    ...base,
    method: 'POST',
    path: '/trade/ask',
    summary: 'Buy shares of a player: open market first, then sells at or below the price; the rest rests as an ask',
  }),
  route('trading.acceptAsk', { ...base, method: 'POST', path: '/trade/buy', summary: "A holder sells to an ask (player or team) at the ask's price" }),
  route('trading.declineAsk', { ...base, method: 'POST', path: '/asks/{askId}/decline', summary: 'Hide an ask (player or team) from the caller' }),
  route('trading.cancelAsk', { ...base, method: 'DELETE', path: '/asks/{askId}', summary: 'Cancel an own ask; its escrowed cash returns' }),
  route('trading.dump', {
    ...base,
    method: 'POST',
    path: '/trade/dump',
    summary: 'Sell unlisted shares to the open market at $1.00 each (capped at the holding)',
  }),
  route('trading.postOffer', {
    ...base,
    method: 'POST',
    path: '/offers',
    summary: 'List shares for sale at a price; waiting asks at or above it fill at once',
  }),
  route('trading.acceptOffer', { ...base, method: 'POST', path: '/offers/accept', summary: 'Buy all of an offer, or `shares` of it' }),
  route('trading.cancelOffer', { ...base, method: 'DELETE', path: '/offers/{offerId}', summary: 'Cancel an own offer; its shares return' }),
  route('trading.setMinSellPrice', {
    ...base,
    method: 'PUT',
    path: '/portfolio/{userId}/min-sell-price/{playerId}',
    summary: 'Set the minimum sell price of a holding (auto-trading)',
  }),
  route('teams.list', { method: 'GET', path: '/teams', tag: 'teams', auth: 'none', summary: 'Every team with its shares and total salary' }),
  route('teams.detail', {
    method: 'GET',
    path: '/market/team/{teamId}',
    tag: 'teams',
    auth: 'none',
    summary: "A team's roster, the first page of its asks, offers and shareholders, its trades, the book's depth by price and the first sells a buy would take",
  }),
  paged(
    mappedRoute('market.itemAsks', {
      method: 'GET',
      path: '/market/team/{teamId}/asks',
      tag: 'teams',
      auth: 'none',
      summary: "A page of a team's open asks, highest price first",
      input: teamPageInput,
      toProcedure: teamPage,
    }),
  ),
  paged(
    mappedRoute('market.itemOffers', {
      method: 'GET',
      path: '/market/team/{teamId}/offers',
      tag: 'teams',
      auth: 'none',
      summary: "A page of a team's open offers, lowest price first",
      input: teamPageInput,
      toProcedure: teamPage,
    }),
  ),
  paged(
    mappedRoute('market.holders', {
      method: 'GET',
      path: '/market/team/{teamId}/shareholders',
      tag: 'teams',
      auth: 'none',
      summary: "A page of a team's shareholders, most shares first",
      input: teamPageInput,
      toProcedure: teamPage,
    }),
  ),
  route('teamTrading.bid', { ...base, method: 'POST', path: '/teams/bid', summary: 'Buy team shares (one Eastern and one Western team per user)' }),
  route('teamTrading.ask', { ...base, method: 'POST', path: '/teams/ask', summary: 'List team shares for sale at a price' }),
  route('teamTrading.dump', { ...base, method: 'POST', path: '/teams/dump', summary: 'Sell unlocked, unlisted team shares to the open market at $1.00' }),
  route('teamTrading.declineAsk', { ...base, method: 'POST', path: '/teams/decline-ask', summary: 'Hide a team ask from the caller' }),
  route('teamTrading.setMinSellPrice', {
    ...base,
    method: 'PUT',
    path: '/portfolio/{userId}/team-min-sell-price/{teamId}',
    summary: 'Set the minimum sell price of a team holding',
  }),
];
