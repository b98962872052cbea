import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import { CARD_HEIGHT, CARD_WIDTH, type SeasonArchiveOut } from '../../shared/schemas/seasons.js';
import { heldFor } from '../../shared/recap.js';
import type { ServerServices } from '../app-services.js';
import { seasonsOf } from './seasons.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ARCHIVE_IN_LEAGUE = /^\/l\/([^/]+)\/seasons\/(\d{1,9})\/?$/;
const ARCHIVE_OF_DEFAULT = /^\/seasons\/(\d{1,9})\/?$/;

/** What the preview says of the season: its champion(s) and the awards, in one line. */
function description(archive: SeasonArchiveOut): string {
  const a = archive.recap.awards;
  const parts = [
    a.bestReturn ? `Best return: ${a.bestReturn.username} (${a.bestReturn.returnPct >= 0 ? '+' : ''}${a.bestReturn.returnPct}%)` : null,
    a.bestTrade ? `Best trade: ${a.bestTrade.username} (${a.bestTrade.itemName})` : null,
    a.mostActive ? `Most active: ${a.mostActive.username} (${a.mostActive.trades} trades)` : null,
    a.longestHeldWinner
      ? `Longest-held winner: ${a.longestHeldWinner.username} (${a.longestHeldWinner.itemName}, held ${heldFor(a.longestHeldWinner.days)})`
      : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? `${parts.join(' · ')}.` : `${archive.season.tradeCount} trades this season.`;
}

/**
 * The web app's page for a season's archive (`/l/{slug}/seasons/{n}`, and `/seasons/{n}` of the
 * default league) with Open Graph tags, so that its link previews with the recap card in a group
 * chat (crawlers run no script: the tags must be in the HTML served). Only for a league anyone may
 * read, or with the share link's key; else null (the plain page, which says no more than it).
 */
export function createArchivePages(services: ServerServices, webDir: string) {
  let template: string | null | undefined;
  const page = () => {
    if (template === undefined) {
      try {
        template = readFileSync(join(webDir, 'index.html'), 'utf8');
      } catch {
        template = null;
      }
    }
    return template;
  };

  return function archivePage(path: string, query: URLSearchParams): string | null {
    const inLeague = ARCHIVE_IN_LEAGUE.exec(path);
    const ofDefault = inLeague ? null : ARCHIVE_OF_DEFAULT.exec(path);
    if (!inLeague && !ofDefault) return null;
    const html = page();
    if (!html) return null;
    let slug: string;
    try {
      slug = inLeague ? decodeURIComponent(inLeague[1]!) : '';
    } catch {
      return null;
    }
    const row = inLeague ? services.registry.bySlug(slug) : services.registry.byId(DEFAULT_LEAGUE_ID);
    const season = Number(inLeague ? inLeague[2] : ofDefault![1]);
    if (!row) return null;
    const readable = row.id === DEFAULT_LEAGUE_ID || row.open;
    if (!readable && !services.shareKeys.valid(row.id, season, query.get('share'))) return null;
    const league = services.forLeague(row.id);
    if (!league) return null;
    let archive: SeasonArchiveOut;
    try {
      archive = seasonsOf(league).archive(season);
    } catch {
      return null;
    }
    const champions = archive.recap.champions.map((c) => c.username);
    const title = `${row.name}, season ${season}: ${champions.length === 0 ? 'the recap' : `${champions.join(' & ')} ${champions.length === 1 ? 'won' : 'share the title'}`}`;
    const base = services.publicUrl.replace(/\/+$/, '');
    const pageUrl = `${base}${path}${query.get('share') ? `?share=${encodeURIComponent(query.get('share')!)}` : ''}`;
    const tags = [
      ['og:type', 'website'],
      ['og:site_name', 'Hoops Exchange'],
      ['og:title', title],
      ['og:description', description(archive)],
      ['og:url', pageUrl],
      ['og:image', archive.share.cardUrl],
      ['og:image:type', 'image/png'],
      ['og:image:width', String(CARD_WIDTH)],
      ['og:image:height', String(CARD_HEIGHT)],
      ['og:image:alt', `The recap card of ${row.name}’s season ${season}`],
    ]
      .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`)
      .concat([
        `<meta name="twitter:card" content="summary_large_image" />`,
        `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
        `<meta name="twitter:image" content="${escapeHtml(archive.share.cardUrl)}" />`,
      ])
      .join('\n    ');
    return html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`).replace('</head>', `    ${tags}\n  </head>`);
  };
}
