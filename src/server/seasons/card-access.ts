import { CARD_HEIGHT, CARD_WIDTH } from '../../shared/schemas/seasons.js';
import { LEAGUE_TEXT } from '../../shared/schemas/leagues.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { leagueAccess } from '../leagues/access.js';
import type { AppServices } from '../services.js';
import { renderSeasonCard } from './card.js';
import { seasonsOf } from './seasons.js';

/**
 * The services of `leagueId` for a call that names it in its input (the card's path), with whether
 * the caller may read it: a member; anyone in the default or an open league; never a removed member.
 */
export function leagueFor(ctx: Context, leagueId: number): { services: AppServices; readable: boolean } {
  const row = ctx.services.registry.byId(leagueId);
  const market = row ? ctx.services.hub.get(leagueId) : null;
  if (!row || !market) throw new AppError('NOT_FOUND', LEAGUE_TEXT.notFound);
  const services: AppServices = { ...ctx.services, ...market, league: row };
  const userId = ctx.user?.id ?? null;
  const removed = userId !== null && market.feed.isRemoved(userId);
  const access = leagueAccess(row, userId !== null && ctx.services.registry.isMember(leagueId, userId));
  return { services, readable: access !== 'none' && !removed };
}

/** The recap card of a season of a league, for those who may read it or hold the share link (docs/seasons.md, "Sharing"). */
export async function seasonCard(ctx: Context, input: { leagueId: number; season: number; share?: string | undefined }) {
  const { services, readable } = leagueFor(ctx, input.leagueId);
  if (!readable && !services.shareKeys.valid(input.leagueId, input.season, input.share)) throw new AppError('FORBIDDEN', LEAGUE_TEXT.inviteOnly);
  const archive = seasonsOf(services).archive(input.season);
  const png = await services.seasonCards.get(`${input.leagueId}:${input.season}:${services.league.name}`, () =>
    renderSeasonCard({ league: services.league.name, archive }),
  );
  return { contentType: 'image/png' as const, width: CARD_WIDTH, height: CARD_HEIGHT, base64: png.toString('base64') };
}
