import { formatDollars } from '../../../lib/format';
import type { Portfolio } from './HoldingsTables';
import './PortfolioSplit.css';

/** The largest holdings shown apart; the rest are one "Other" part. */
const SHOWN = 6;

interface Part {
  key: string;
  name: string;
  value: number;
  percent: number;
}

/** The holdings by value, the largest SHOWN apart and the rest as "Other" (percents as the server split them: they add up to 100). */
export function splitParts(portfolio: Pick<Portfolio, 'players' | 'teams'>): Part[] {
  const all: Part[] = [
    ...portfolio.players.map((p) => ({ key: `p${p.player_id}`, name: p.name, value: p.value, percent: p.portfolio_percent })),
    ...portfolio.teams.map((t) => ({ key: `t${t.id}`, name: t.name, value: t.value, percent: t.portfolio_percent })),
  ]
    .filter((p) => p.value > 0)
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
  if (all.length <= SHOWN + 1) return all;
  const rest = all.slice(SHOWN);
  return [
    ...all.slice(0, SHOWN),
    {
      key: 'other',
      name: `${rest.length} others`,
      value: rest.reduce((s, p) => s + p.value, 0),
      percent: Math.round(rest.reduce((s, p) => s + p.percent, 0) * 100) / 100,
    },
  ];
}

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** How the share value is split between holdings: one bar, and a legend that says each part in words. */
export function PortfolioSplit({ portfolio }: { portfolio: Pick<Portfolio, 'players' | 'teams'> }) {
  const parts = splitParts(portfolio);
  if (parts.length === 0) return null;
  return (
    <figure className="split" data-testid="portfolio-split">
      <div className="split-bar" aria-hidden="true">
        {parts.map((p, i) => (
          <span key={p.key} className={`split-part split-${i}`} style={{ flexGrow: p.percent }} />
        ))}
      </div>
      <figcaption>
        <ul className="split-legend">
          {parts.map((p, i) => (
            <li key={p.key}>
              <span className={`split-swatch split-${i}`} aria-hidden="true" />
              <span className="split-name">{p.name}</span>{' '}
              <span className="muted">
                {percent.format(p.percent)}% · {formatDollars(p.value)}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
