import { useState } from 'react';
import { toast } from 'sonner';
import type { SeasonArchiveOut } from '../../../../shared/schemas/seasons';
import { CARD_HEIGHT, CARD_WIDTH } from '../../../../shared/schemas/seasons';
import { heldFor } from '../../../../shared/recap';
import { formatDollars, formatInteger } from '../../../lib/format';
import { Link } from '../../../lib/leagueLinks';
import styles from './SeasonRecap.module.css';

/** An address of this server as a path (the card's image, shown here from the page's own origin). */
const pathOf = (url: string) => {
  const u = new URL(url, window.location.origin);
  return `${u.pathname}${u.search}`;
};
const signedPct = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

function Who({ userId, username }: { userId: number; username: string }) {
  return (
    <Link to={`/public/${userId}`} className={styles.who}>
      <bdi>{username}</bdi>
    </Link>
  );
}

function ShareLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied: paste it in your group chat.');
    } catch {
      toast.error('Your browser did not let the page copy. Select the link and copy it.');
    }
  };
  return (
    <div className={styles.shareRow}>
      <input className={styles.shareUrl} value={url} readOnly aria-label="The recap’s share link" onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button-small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
    </div>
  );
}

/** An ended season's recap: its champion(s), its awards, and the card to share (with the link that previews it). */
export function SeasonRecap({ archive }: { archive: SeasonArchiveOut }) {
  const { recap, season, share } = archive;
  const { awards } = recap;
  const champions = recap.champions;
  const cards = [
    awards.bestReturn && {
      title: 'Best return',
      who: awards.bestReturn,
      what: `${signedPct(awards.bestReturn.returnPct)} on the starting cash (${formatDollars(awards.bestReturn.total)})`,
    },
    awards.bestTrade && {
      title: 'Best single trade',
      who: awards.bestTrade,
      what: `${formatInteger(awards.bestTrade.shares)} ${awards.bestTrade.itemName} at ${formatDollars(awards.bestTrade.price)}, worth ${formatDollars(awards.bestTrade.closingPrice)} at the close: +${formatDollars(awards.bestTrade.profit)}`,
    },
    awards.mostActive && { title: 'Most active trader', who: awards.mostActive, what: `${formatInteger(awards.mostActive.trades)} trades` },
    awards.longestHeldWinner && {
      title: 'Longest-held winner',
      who: awards.longestHeldWinner,
      what: `${awards.longestHeldWinner.itemName}, held ${heldFor(awards.longestHeldWinner.days)}, ${signedPct(awards.longestHeldWinner.gainPct)}`,
    },
  ].filter((c): c is NonNullable<typeof c> => Boolean(c));
  return (
    <section className={styles.recap} aria-labelledby="recap-title" data-testid="season-recap">
      <div className={styles.champion}>
        <span className={styles.trophy} aria-hidden="true">
          🏆
        </span>
        <div>
          <p className={styles.label}>{champions.length > 1 ? 'Co-champions' : 'Champion'}</p>
          <h2 id="recap-title" className={styles.names}>
            {champions.length === 0
              ? 'No champion: nobody played'
              : champions.map((c, i) => (
                  <span key={c.userId}>
                    {i > 0 ? ' & ' : null}
                    <Who {...c} />
                  </span>
                ))}
          </h2>
          {champions[0] ? (
            <p className="muted">
              {season.ranking === 'shareValue'
                ? `${formatDollars(champions[0].shareValue)} in shares at the close`
                : `${formatDollars(champions[0].total)} net worth at the close`}
            </p>
          ) : null}
        </div>
      </div>
      {cards.length > 0 ? (
        <ul className={styles.awards}>
          {cards.map((c) => (
            <li key={c.title} className={`card ${styles.award}`}>
              <p className={styles.label}>{c.title}</p>
              <p className={styles.awardWho}>
                <Who userId={c.who.userId} username={c.who.username} />
              </p>
              <p className={styles.awardWhat}>{c.what}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={`card ${styles.share}`}>
        <img
          className={styles.card}
          src={pathOf(share.cardUrl)}
          width={CARD_WIDTH}
          height={CARD_HEIGHT}
          alt={`The recap card of season ${season.number}: ${champions.map((c) => c.username).join(' and ') || 'no champion'}`}
          loading="lazy"
        />
        <div className={styles.shareText}>
          <h3>Share the recap</h3>
          <p className="muted">The link shows this card when you paste it in a group chat, even for an invite-only league.</p>
          <ShareLink url={share.url} />
          <a className="button button-secondary button-small" href={pathOf(share.cardUrl)} download={`season-${season.number}-recap.png`}>
            Download the card
          </a>
        </div>
      </div>
    </section>
  );
}
