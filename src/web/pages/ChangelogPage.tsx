import { PageTitle } from '../components/PageTitle';
import './text-pages.css';

interface Release {
  version: string;
  /** A short name for the release. */
  title: string;
  changes: readonly string[];
}

/** Newest first. */
export const RELEASES: readonly Release[] = [
  {
    version: 'v1.5.0',
    title: 'Seasons',
    changes: [
      'A league plays in seasons: its commissioner (an admin, for the default league) ends one after typing the league’s name to confirm.',
      'When a season ends, open asks and offers are cancelled with their escrow returned, and the final standings, holdings, trades and statistics are kept for good.',
      'The next season starts fresh: everyone’s cash goes back to the league’s starting cash and every share returns to the open market.',
      'The leaderboard has a season selector, the user box shows the season, and public portfolios list past seasons’ final ranks.',
    ],
  },
  {
    version: 'v1.4.0',
    title: 'Auto-trading by minimum sell price',
    changes: [
      'Auto-trading by minimum sell price starts on 2025-07-03: a bid at or above a holder’s minimum sell price buys those shares at once, with no need to accept it.',
      'The default minimum sell price is 10% over the purchase price; change it for any holding on your portfolio.',
      'Bids below every sell price still reach the shareholders as offers to accept or decline.',
      'The default minimum sell price for team shares is $2.00.',
    ],
  },
  {
    version: 'v1.3.0',
    title: 'Team shares and the rookie draft',
    changes: [
      'Trade shares in teams: hold shares in one Eastern and one Western team.',
      'Team shares bought are locked for a week; the lockout end shows on your portfolio.',
      'Rookie draft: for the first week after the draft, only shareholders of a rookie’s team can buy the rookie’s shares.',
      'Shareholders automatically receive proportional new shares when a player’s contract grows.',
    ],
  },
  {
    version: 'v1.2.0',
    title: 'Win-totals balancer',
    changes: [
      'A standalone tool to set win totals for all 30 teams, grouped by division, from 0 to 82 wins each.',
      'Balance the league to 1230 wins, optionally weighted by the schedule and respecting locked teams.',
    ],
  },
  {
    version: 'v1.1.0',
    title: 'Leaderboard, statistics and team colours',
    changes: [
      'Leaderboard of the top 10 portfolios by share value.',
      'Statistics: most valuable, most active, most shareholders and islands.',
      'Public portfolios: share a link to yours.',
      'A live ticker of the latest trades, and team-colour themes for all 30 teams plus Seattle.',
    ],
  },
  {
    version: 'v1.0.0',
    title: 'First release',
    changes: [
      'Register and receive $80 million in virtual money.',
      'Buy unclaimed player shares on the open market at $1 each; a player has as many shares as dollars of salary.',
      'Bid for shares others own, list your own shares for sale, or dump them instantly for $1 each.',
      'Portfolio with your holdings, balance and value, and a history of your trades.',
    ],
  },
];

export default function ChangelogPage() {
  return (
    <>
      <PageTitle title="Changelog" subtitle="What changed in each version of Hoops Exchange, newest first." />
      <ol className="changelog">
        {RELEASES.map((release) => (
          <li key={release.version} className="card changelog-entry">
            <h2>
              <span className="version">{release.version}</span> <span className="release-title">{release.title}</span>
            </h2>
            <ul>
              {release.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}
