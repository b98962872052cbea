import sharp from 'sharp';
import { formatCents } from '../../shared/money.js';
import { heldFor } from '../../shared/recap.js';
import { CARD_HEIGHT, CARD_WIDTH, type SeasonArchiveOut } from '../../shared/schemas/seasons.js';

/** What the card shows: the league, the season and its recap. */
export interface CardFacts {
  league: string;
  archive: SeasonArchiveOut;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** At most `max` characters (as people count them), an ellipsis past it. */
function fit(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

const dollars = (n: number) => formatCents(Math.round(n * 100));
const signedPct = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
const day = (isoTime: string) => new Date(isoTime).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The awards as the card's blocks: a label, who won it, and what for. */
function awardLines(archive: SeasonArchiveOut): { label: string; who: string; what: string }[] {
  const a = archive.recap.awards;
  const lines: { label: string; who: string; what: string }[] = [];
  if (a.bestReturn) lines.push({ label: 'BEST RETURN', who: a.bestReturn.username, what: `${signedPct(a.bestReturn.returnPct)} on the starting cash` });
  if (a.bestTrade) {
    const t = a.bestTrade;
    lines.push({
      label: 'BEST SINGLE TRADE',
      who: t.username,
      what: `${t.shares.toLocaleString('en-US')} ${t.itemName} at ${dollars(t.price)}: +${dollars(t.profit)}`,
    });
  }
  if (a.mostActive) lines.push({ label: 'MOST ACTIVE TRADER', who: a.mostActive.username, what: `${a.mostActive.trades.toLocaleString('en-US')} trades` });
  if (a.longestHeldWinner) {
    const h = a.longestHeldWinner;
    lines.push({ label: 'LONGEST-HELD WINNER', who: h.username, what: `${h.itemName}, held ${heldFor(h.days)}, ${signedPct(h.gainPct)}` });
  }
  return lines;
}

/** The longest line of names the card shows; the archive page names every co-winner. */
const NAMES_MAX = 48;

/** "alice", "alice & bob", or as many as fit and how many more: "alice & bob & 6 more". */
export function championNames(names: readonly string[]): string {
  if (names.length === 0) return 'No champion';
  const all = names.join(' & ');
  if (all.length <= NAMES_MAX) return all;
  const withMore = (shown: number) => `${names.slice(0, shown).join(' & ')} & ${names.length - shown} more`;
  let shown = names.length - 1;
  while (shown > 1 && withMore(shown).length > NAMES_MAX) shown -= 1;
  return withMore(shown);
}

/** The card as SVG (CARD_WIDTH × CARD_HEIGHT): every text escaped, nothing fetched. */
export function seasonCardSvg({ league, archive }: CardFacts): string {
  const { season, recap } = archive;
  const champions = recap.champions;
  const title = champions.length > 1 ? 'CO-CHAMPIONS' : 'CHAMPION';
  const names = championNames(champions.map((c) => c.username));
  const nameSize = names.length > 36 ? 38 : names.length > 26 ? 44 : names.length > 16 ? 56 : 68;
  // The figure the league ranked by (every co-winner has the same).
  const first = champions[0];
  const totals = !first
    ? 'Nobody played this season'
    : season.ranking === 'shareValue'
      ? `${dollars(first.shareValue)} in shares at the close`
      : `${dollars(first.total)} net worth at the close`;
  const nameY = 218 + nameSize;
  const awards = awardLines(archive)
    .slice(0, 4)
    .map((line, i) => {
      const x = 64 + (i % 2) * 548;
      const y = 408 + Math.floor(i / 2) * 92;
      return `<text x="${x}" y="${y}" font-size="16" font-weight="700" fill="#ffc200" letter-spacing="1.5">${escapeXml(line.label)}</text>
  <text x="${x}" y="${y + 30}" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(fit(line.who, 36))}</text>
  <text x="${x}" y="${y + 56}" font-size="19" fill="#cfe8da">${escapeXml(fit(line.what, 46))}</text>`;
    })
    .join('\n  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#00653a"/>
      <stop offset="1" stop-color="#002b19"/>
    </linearGradient>
  </defs>
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
  <rect y="${CARD_HEIGHT - 12}" width="${CARD_WIDTH}" height="12" fill="#ffc200"/>
  <g opacity="0.12" fill="none" stroke="#ffffff" stroke-width="6">
    <circle cx="1030" cy="150" r="200"/>
    <path d="M830 150 H1230 M1030 -50 V350"/>
    <path d="M888 9 C980 100 980 200 888 291 M1172 9 C1080 100 1080 200 1172 291"/>
  </g>
  <text x="64" y="78" font-size="22" font-weight="700" fill="#ffc200" letter-spacing="3">HOOPS EXCHANGE</text>
  <text x="64" y="130" font-size="40" font-weight="700" fill="#ffffff">${escapeXml(fit(league, 36))}</text>
  <text x="64" y="170" font-size="24" fill="#cfe8da">${escapeXml(`Season ${season.number} · ${day(season.startedAt)} – ${day(season.endedAt)}`)}</text>
  <text x="64" y="226" font-size="20" font-weight="700" fill="#ffc200" letter-spacing="3">${title}</text>
  <text x="64" y="${nameY}" font-size="${nameSize}" font-weight="700" fill="#ffffff">${escapeXml(fit(names, 34))}</text>
  <text x="64" y="${nameY + 38}" font-size="24" fill="#cfe8da">${escapeXml(totals)}</text>
  ${awards}
  <text x="${CARD_WIDTH - 64}" y="${CARD_HEIGHT - 36}" font-size="18" fill="#cfe8da" text-anchor="end">${escapeXml(
    `${season.tradeCount.toLocaleString('en-US')} trades · ${dollars(season.volume)} traded`,
  )}</text>
</svg>`;
}

/** The card as a PNG, made with sharp. */
export function renderSeasonCard(facts: CardFacts): Promise<Buffer> {
  return sharp(Buffer.from(seasonCardSvg(facts)), { density: 72 })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * Cards already made, by league and season: an ended season's archive never changes, so each is
 * made once (a group chat's preview, then every member opening it).
 */
export class CardCache {
  private readonly cards = new Map<string, Promise<Buffer>>();
  constructor(private readonly capacity = 32) {}

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.cards.get(key);
    if (kept) {
      this.cards.delete(key);
      this.cards.set(key, kept);
      return kept;
    }
    const made = make();
    this.cards.set(key, made);
    made.catch(() => this.cards.delete(key));
    if (this.cards.size > this.capacity) this.cards.delete(this.cards.keys().next().value!);
    return made;
  }
}
