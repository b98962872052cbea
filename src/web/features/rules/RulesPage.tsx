import type { ReactNode } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../components/ErrorMessage';
import { PageTitle } from '../../components/PageTitle';
import { Loading } from '../../components/Spinner';
import { formatDollars, formatInteger } from '../../lib/format';
import { useLeague } from '../../lib/league';
import { Link } from '../../lib/leagueLinks';
import { formatDate, formatDateTime } from '../../lib/time';
import { errorMessage, useTRPC } from '../../lib/trpc';
import styles from './RulesPage.module.css';

/**
 * /rules, /l/{slug}/rules and /join/{code}/rules: what a new member needs to know of a league —
 * starting cash, how it ranks, the team lock, the season's dates and who runs it.
 */
export default function RulesPage() {
  const trpc = useTRPC();
  const { code } = useParams();
  const { leagueId } = useLeague();
  const input = code ? { code } : leagueId !== null ? { leagueId } : null;
  const rules = useQuery(trpc.leagues.rules.queryOptions(input ?? skipToken));
  if (!input || rules.isPending) return <Loading label="Loading the league’s rules…" />;
  if (rules.isError) return <ErrorMessage onRetry={() => void rules.refetch()}>{errorMessage(rules.error, 'The rules could not be loaded.')}</ErrorMessage>;
  const r = rules.data;
  const items: { term: string; detail: ReactNode }[] = [
    {
      term: 'Starting cash',
      detail: `${formatDollars(r.startingCash)} for every member at the start of each season. Unclaimed shares cost ${formatDollars(r.openMarketPrice)} on the open market.`,
    },
    { term: 'Ranking', detail: `${r.rankingRule.label}: ${r.rankingRule.description}.` },
    {
      term: 'Teams',
      detail: `One Eastern and one Western team at most. Team shares you buy are locked for ${r.teamLockDays} days: they cannot be listed, dumped or sold until then.`,
    },
    {
      term: 'Season',
      detail: (
        <>
          Season {r.season.number} started {formatDate(r.season.startedAt)}.{' '}
          {r.season.endsAt ? (
            <>It ends by itself at {formatDateTime(r.season.endsAt)}: the standings are archived and everyone starts again from the starting cash.</>
          ) : (
            <>It ends when the commissioner ends it; then everyone starts again from the starting cash.</>
          )}{' '}
          {r.season.endedSeasons > 0 ? `${formatInteger(r.season.endedSeasons)} season${r.season.endedSeasons === 1 ? ' has' : 's have'} ended before.` : null}
        </>
      ),
    },
    {
      term: 'Commissioner',
      detail: r.commissioner ? (
        <>
          <bdi>{r.commissioner.username}</bdi> runs the league: invites, removes members, sets the season’s end and moderates the chat.
        </>
      ) : (
        'The server’s admins run this league.'
      ),
    },
    {
      term: 'Chat',
      detail: `Text only, at most ${r.chat.maxChars} characters, at most ${r.chat.messagesPerWindow} messages in ${r.chat.windowSeconds} seconds. The commissioner can delete messages and mute members.`,
    },
    {
      term: 'Who can see it',
      detail: r.league.isDefault || r.league.open ? 'Anyone can read this league; only its members trade.' : 'Invite-only: only its members see it.',
    },
  ];
  return (
    <>
      <PageTitle
        title={`${r.league.name}: the rules`}
        documentTitle={`Rules · ${r.league.name}`}
        subtitle={`${formatInteger(r.league.memberCount)} member${r.league.memberCount === 1 ? '' : 's'}`}
      />
      <dl className={`card ${styles.rules}`} data-testid="league-rules">
        {items.map((item) => (
          <div key={item.term} className={styles.item}>
            <dt>{item.term}</dt>
            <dd>{item.detail}</dd>
          </div>
        ))}
      </dl>
      {code ? (
        <p>
          <Link className="button" to={`/join/${encodeURIComponent(code)}`}>
            Back to the invitation
          </Link>
        </p>
      ) : null}
    </>
  );
}
