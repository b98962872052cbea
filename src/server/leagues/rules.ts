import { TEAM_LOCK_MS } from '../../domain/market/holding.js';
import { CHAT_RATE_LIMIT, MESSAGE_MAX_CHARS } from '../../shared/chat.js';
import { centsToDollars, OPEN_MARKET_PRICE_CENTS } from '../../shared/money.js';
import { RANKING_LABEL, RANKING_MEANING } from '../../shared/ranking.js';
import { LEAGUE_TEXT, type LeagueRules } from '../../shared/schemas/leagues.js';
import { readableBy } from '../seasons/card-access.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A league's rules page (docs/leagues.md): starting cash, ranking rule, team lock, season dates,
 * who runs it. For whoever may read the league, or holds its invite code (someone deciding to join).
 */
export function leagueRulesFor(ctx: Context, input: { leagueId: number } | { code: string }): LeagueRules {
  const row = 'code' in input ? ctx.services.registry.byCode(input.code) : ctx.services.registry.byId(input.leagueId);
  if (!row) throw new AppError('NOT_FOUND', 'code' in input ? LEAGUE_TEXT.badInvite : LEAGUE_TEXT.notFound);
  if (!('code' in input) && !readableBy(ctx, row)) throw new AppError('FORBIDDEN', LEAGUE_TEXT.inviteOnly);
  const market = ctx.services.hub.get(row.id);
  if (!market) throw new AppError('NOT_FOUND', LEAGUE_TEXT.notFound);
  const seasons = market.seasons.list();
  const current = seasons.at(-1)!;
  const commissioner = row.commissionerId === null ? null : ctx.services.users.byId(row.commissionerId);
  return {
    league: ctx.services.leagues.publicView(row),
    startingCash: centsToDollars(row.startingCashCents),
    rankingRule: {
      key: row.ranking,
      label: RANKING_LABEL[row.ranking],
      description: `${RANKING_MEANING[row.ranking]}, shares valued at their mark; equal figures share a place`,
    },
    teamLockDays: Math.round(TEAM_LOCK_MS / 86_400_000),
    openMarketPrice: centsToDollars(OPEN_MARKET_PRICE_CENTS),
    season: {
      number: current.number,
      startedAt: iso(current.startedAt),
      endsAt: current.endsAt === null ? null : iso(current.endsAt),
      endedSeasons: seasons.length - 1,
    },
    commissioner: commissioner ? { userId: commissioner.id, username: commissioner.username } : null,
    chat: { maxChars: MESSAGE_MAX_CHARS, messagesPerWindow: CHAT_RATE_LIMIT.points, windowSeconds: CHAT_RATE_LIMIT.durationSeconds },
  };
}
