import type { LeagueRow } from '../../db/repos/leagues.js';
import { CARD_HEIGHT, CARD_WIDTH } from '../../shared/schemas/seasons.js';
import { LEAGUE_TEXT } from '../../shared/schemas/leagues.js';
import { removedFrom } from '../chat/access.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { leagueAccess } from '../leagues/access.js';
import { renderSeasonCard } from './card.js';
import { seasonsOf, type SeasonServices } from './seasons.js';

/**
 * Whether the caller may read a league a call names in its input (the card's path, the rules page),
 * decided from the registry before the league opens: a member; anyone in the default or an open
 * league; never someone removed from it.
 */
export function readableBy(ctx: Context, row: LeagueRow): boolean {
  const { registry } = ctx.services;
  const userId = ctx.user?.id ?? null;
  if (leagueAccess(row, userId !== null && registry.isMember(row.id, userId)) === 'none') return false;
  return userId === null || !removedFrom(ctx.services, row.id, userId);
}

/** The seasons' services of a league a call names (its market opened now): asked for once the caller may read it. */
export function seasonServicesOf(ctx: Context, row: LeagueRow): SeasonServices {
  const market = ctx.services.hub.get(row.id);
  if (!market) throw new AppError('NOT_FOUND', LEAGUE_TEXT.notFound);
  const { accounts, logger, now, registry, seasonClock, publicUrl, shareKeys } = ctx.services;
  const { db, exchange, seasons, feed, bus } = market;
  return { accounts, logger, now, registry, seasonClock, publicUrl, shareKeys, db, exchange, seasons, feed, bus, league: row };
}

/** The recap card of a season of a league, for those who may read it or hold the share link (docs/seasons.md, "Sharing"). */
export async function seasonCard(ctx: Context, input: { leagueId: number; season: number; share?: string | undefined }) {
  const row = ctx.services.registry.byId(input.leagueId);
  if (!row) throw new AppError('NOT_FOUND', LEAGUE_TEXT.notFound);
  if (!readableBy(ctx, row) && !ctx.services.shareKeys.valid(input.leagueId, input.season, input.share))
    throw new AppError('FORBIDDEN', LEAGUE_TEXT.inviteOnly);
  const archive = seasonsOf(seasonServicesOf(ctx, row)).archive(input.season);
  const png = await ctx.services.seasonCards.get(`${input.leagueId}:${input.season}:${row.name}`, () => renderSeasonCard({ league: row.name, archive }));
  return { contentType: 'image/png' as const, width: CARD_WIDTH, height: CARD_HEIGHT, base64: png.toString('base64') };
}
