import { skipToken, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useLeague } from '../../lib/league';
import { Link, useNavigate } from '../../lib/leagueLinks';
import type { SeasonArchiveOut } from '../../../shared/schemas/seasons';
import { QueryState } from '../../components/QueryState';
import { LOAD_FAILED } from '../../../shared/texts';
import { PageTitle } from '../../components/PageTitle';
import { SeasonEndCard } from './components/SeasonEndCard';
import { SeasonStandings } from '../../components/seasons/SeasonStandings';
import { formatCount, formatDollars } from '../../lib/format';
import { seasonPath, seasonsApi } from '../../lib/seasonsApi';
import { useSession } from '../../lib/session';
import { formatDate } from '../../lib/time';
import { useTRPC } from '../../lib/trpc';
import { SeasonRecap } from './components/SeasonRecap';
import { SeasonScheduleCard } from './components/SeasonScheduleCard';
import { winnersLine } from '../../components/seasons/winners';
import { RANKING_LABEL } from '../../../shared/ranking';

function Statistics({ statistics }: { statistics: SeasonArchiveOut['statistics'] }) {
  const tables = [
    { title: 'Most active', rows: statistics.mostActive.map((r) => ({ id: r.id, name: r.name, figure: formatCount(r.trade_count, 'trade') })) },
    { title: 'Most valuable', rows: statistics.mostValuable.map((r) => ({ id: r.id, name: r.name, figure: `avg ${formatDollars(r.avg_price)}` })) },
    { title: 'Most shareholders', rows: statistics.mostShareholders.map((r) => ({ id: r.id, name: r.name, figure: formatCount(r.holder_count, 'holder') })) },
    { title: 'Islands', rows: statistics.islands.map((r) => ({ id: r.id, name: r.name, figure: formatCount(r.holder_count, 'holder') })) },
  ];
  return (
    <div className="season-statistics">
      {tables.map((t) => (
        <section key={t.title} className="card">
          <h3>{t.title}</h3>
          {t.rows.length === 0 ? (
            <p className="muted">None</p>
          ) : (
            <ol>
              {t.rows.map((r) => (
                <li key={r.id}>
                  <Link to={`/market/${r.id}`}>{r.name}</Link> <span className="muted">{r.figure}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

/** /l/{slug}/seasons[/{n}] (or /seasons[/{n}], the tab's league): a league's seasons, an ended one's final standings and statistics, and (for its commissioner) the end of the current one. */
export default function SeasonArchivePage() {
  const { n } = useParams();
  const trpc = useTRPC();
  const shownLeague = useLeague();
  const known = shownLeague.slug ?? shownLeague.league?.slug ?? null;
  // A signed-out visitor's unprefixed page shows the default league.
  const listed = useQuery(trpc.leagues.browse.queryOptions(known ? skipToken : undefined));
  const slug = known ?? listed.data?.leagues.find((l) => l.isDefault)?.slug ?? '';
  const navigate = useNavigate();
  const { token, user } = useSession();
  const league = useQuery(trpc.leagues.bySlug.queryOptions(slug ? { slug } : skipToken));
  const leagueId = league.data?.id;
  const mine = useQuery(trpc.leagues.mine.queryOptions(user ? undefined : skipToken));
  const seasons = useQuery({ queryKey: ['seasons', leagueId], queryFn: () => seasonsApi.list(leagueId!, token), enabled: leagueId !== undefined });
  const ended = (seasons.data?.seasons ?? []).filter((s) => s.endedAt !== undefined);
  const shown = n !== undefined ? Number(n) : ended.at(-1)?.number;
  const archive = useQuery({
    queryKey: ['season', leagueId, shown],
    queryFn: () => seasonsApi.archive(leagueId!, shown!, token),
    enabled: leagueId !== undefined && shown !== undefined,
  });
  const current = seasons.data?.seasons.at(-1);
  return (
    <QueryState query={league} loading="Loading the seasons…" failed={league.error?.message ?? LOAD_FAILED.data} waitFor={seasons.isPending}>
      {(data) => {
        const isCommissioner = mine.data?.leagues.some((l) => l.id === data.id && l.isCommissioner) ?? false;
        const mayEnd = isCommissioner || (data.isDefault && user?.isAdmin === true);
        return (
          <>
            <PageTitle title={`${data.name}: seasons`} subtitle={current ? `Season ${current.number} is being played.` : undefined} />
            {current ? <SeasonScheduleCard key={`${current.number}:${current.endsAt ?? ''}`} league={data} season={current} canSet={mayEnd} /> : null}
            {mayEnd && current ? <SeasonEndCard league={data} season={current.number} onEnded={(s) => void navigate(seasonPath(slug, s))} /> : null}
            {ended.length > 0 ? (
              <nav aria-label="Ended seasons" className="season-links">
                {ended.map((s) => (
                  <Link key={s.number} to={seasonPath(slug, s.number)} aria-current={s.number === shown ? 'page' : undefined}>
                    Season {s.number}
                  </Link>
                ))}
              </nav>
            ) : (
              <p className="muted">No season has ended yet.</p>
            )}
            {shown === undefined ? null : (
              <QueryState query={archive} loading="Loading the season…" failed={archive.error?.message ?? LOAD_FAILED.data}>
                {(a) => <SeasonArchive archive={a} meId={user?.id} />}
              </QueryState>
            )}
          </>
        );
      }}
    </QueryState>
  );
}

/** An ended season: its winners, dates and figures, recap, final standings and statistics. */
function SeasonArchive({ archive, meId }: { archive: SeasonArchiveOut; meId: number | undefined }) {
  return (
    <div className="section">
      <h2>
        Season {archive.season.number}: {winnersLine(archive.season.winners.map((w) => w.username))}
      </h2>
      <p className="muted">
        {formatDate(archive.season.startedAt)} to {formatDate(archive.season.endedAt)} · {formatCount(archive.season.tradeCount, 'trade')} ·{' '}
        {formatDollars(archive.season.volume)} traded · ranked by {RANKING_LABEL[archive.season.ranking].toLowerCase()}
      </p>
      <SeasonRecap archive={archive} />
      <SeasonStandings archive={archive} meId={meId} />
      <Statistics statistics={archive.statistics} />
    </div>
  );
}
