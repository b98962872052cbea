import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { createRivalryReads } from '../../db/repos/rivalry-reads.js';
import { createSeasonsRepo } from '../../db/seasons/seasons-repo.js';
import { newLeaderText } from '../../domain/chat/moments.js';
import { overtakes, passedText } from '../../domain/rivalry/overtakes.js';
import { weeklyRecap, type Snapshot } from '../../domain/rivalry/weekly.js';
import type { EventBus, GameEvent } from '../../engine/events.js';
import { recordNotices } from '../../engine/inbox-writer.js';
import { laterTurn } from '../../engine/later-turn.js';
import type { Notice } from '../../shared/notices.js';
import { RANKING_LABEL, type Ranking } from '../../shared/ranking.js';
import type { MarkOf } from '../../db/repos/valuation.js';
import { figureOf } from '../../domain/seasons/ranking.js';
import type { LeagueFeed } from '../chat/feed.js';
import type { ReadService } from '../reads/service.js';
import { standingsOf, type Standing } from './standings.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** After a trade, how long the standings wait for the rest of a burst before they are compared. */
const SETTLE_MS = 250;
/**
 * How many notices of members passed are written and told in one turn of the event loop: a change
 * that moves every member's value (a salary change at L) passes a thousand, 6–9 ms of inbox writes a hundred.
 */
const NOTICES_PER_TURN = 100;
/** How often a league checks whether its weekly recap is due (besides after trades). */
const RECAP_CHECK_MS = 60 * 60 * 1000;

export interface RivalryDeps {
  leagueId: number;
  db: Db;
  bus: EventBus;
  reads: ReadService;
  feed: LeagueFeed;
  now: () => number;
  logger: Logger;
  startingCashCents: () => number;
  leagueName: () => string;
  /** The league's ranking rule, as its commissioner set it. */
  ranking: () => Ranking;
  /** An instrument's mark now (the writer's read models). */
  markOf: MarkOf;
}

type NoticeOf = (userId: number, kind: Notice['kind'], title: string, body: string, url: string) => GameEvent;

const noticeOf =
  (deps: Pick<RivalryDeps, 'leagueId' | 'now'>): NoticeOf =>
  (userId, kind, title, body, url) => ({
    type: 'notice',
    userId,
    notice: { kind, userId, leagueId: deps.leagueId, title, body, url, at: new Date(deps.now()).toISOString() },
  });

/**
 * Who is first with something to lead by, as a comparable key ('' when nobody is): a leader whose
 * figure was still nothing when last compared (a mark not yet moved) is new when it becomes something.
 */
const leadersOf = (rule: Ranking, list: Standing[]) =>
  list
    .filter((s) => s.rank === 1 && figureOf(rule, s) > 0)
    .map((s) => s.userId)
    .sort((a, b) => a - b)
    .join(',');

/**
 * Hands `items` to `tell` `perTurn` at a time, in order: the first at once, each next one in a later
 * turn (`later`), none once `stopped()`.
 */
export function inTurns<T>(items: readonly T[], perTurn: number, tell: (batch: T[]) => void, later: (next: () => void) => void, stopped: () => boolean): void {
  if (items.length === 0) return;
  tell(items.slice(0, perTurn));
  if (items.length > perTurn)
    later(() => {
      if (!stopped()) inTurns(items.slice(perTurn), perTurn, tell, later, stopped);
    });
}

/** A new leader (or leaders sharing first place, with something to lead by) is a moment of the feed. */
function tellNewLeader(feed: LeagueFeed, rule: Ranking, before: Standing[], after: Standing[]): void {
  const leaders = leadersOf(rule, after);
  if (leaders === '' || leaders === leadersOf(rule, before)) return;
  const top = after.filter((s) => s.rank === 1);
  feed.moment('newLeader', {
    userId: top.length === 1 ? top[0]!.userId : null,
    text: newLeaderText(
      top.map((s) => s.username),
      RANKING_LABEL[rule],
    ),
  });
}

/** The weekly recap, once per week of the season (its key makes a second write of the same week write nothing): to the feed and every member. */
function weeklyRecaps(deps: RivalryDeps, notice: NoticeOf): (current: Standing[]) => void {
  const { db, bus, feed, now } = deps;
  const reads = createRivalryReads(db);
  const seasons = createSeasonsRepo(db);
  let lastRecap: { createdAt: number; data: unknown } | null | undefined;
  return (current) => {
    const at = now();
    const season = seasons.current();
    // Read once (null: none yet, kept too), then kept as recaps are written.
    if (lastRecap === undefined) lastRecap = reads.lastRecap();
    const since = Math.max(season.startedAt, lastRecap?.createdAt ?? 0);
    if (at - since < WEEK_MS) return;
    const week = Math.max(1, Math.floor((at - season.startedAt) / WEEK_MS));
    const previous =
      lastRecap && lastRecap.createdAt >= season.startedAt ? (((lastRecap.data as { snapshot?: Snapshot } | null)?.snapshot ?? null) as Snapshot | null) : null;
    const { text, data } = weeklyRecap({
      week,
      standings: current,
      previous,
      startingCashCents: deps.startingCashCents(),
      bestTrade: reads.bestTrade(since, at, deps.markOf),
      mostActive: reads.mostActive(since, at),
    });
    const id = feed.moment('weeklyRecap', { userId: null, text, data, key: `recap:${season.number}:${week}`, at });
    lastRecap = { createdAt: at, data };
    if (id === null) return;
    const title = `Week ${week} recap of ${deps.leagueName()}`;
    const events = current.map((s) => notice(s.userId, 'weeklyRecap', title, text, '/chat'));
    recordNotices(db, events, at);
    bus.publish(events);
  };
}

/**
 * A league's rivalry (docs/chat.md, "Rivalry"): after trades settle, the standings (by the league's
 * rule, standings.ts) are compared with those seen before. Each member passed is told once
 * ("alice passed you — you are now 3rd": a notice on the league's bus, which the live feed toasts
 * and push sends to those who opted in); a new leader is a moment of the feed. Once a week, the
 * recap goes to the feed and to every member.
 */
export function createRivalry(deps: RivalryDeps) {
  const { db, bus, feed, logger, leagueId } = deps;
  const notice = noticeOf(deps);
  const recapIfDue = weeklyRecaps(deps, notice);
  let before: Standing[] | null = null;
  let timer: NodeJS.Timeout | null = null;
  let recapTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  const standings = () => standingsOf({ db, reads: deps.reads }, deps.ranking());

  function compare(): void {
    timer = null;
    if (stopped) return;
    const after = standings();
    // Who passed whom is told in a later turn: when every member's value moved (a salary change at L),
    // the standings and the notices written to hundreds of inboxes are blocks of the event loop apart.
    laterTurn(
      safely(() => {
        if (!stopped) tell(after);
      }),
    );
  }

  function tell(after: Standing[]): void {
    if (before) {
      // The league's name read once, not once per member passed (a salary change can pass hundreds).
      const where = `in ${deps.leagueName()}`;
      tellInTurns(overtakes(before, after).map((o) => notice(o.userId, 'passed', passedText(o), where, '/leaderboard')));
      tellNewLeader(feed, deps.ranking(), before, after);
    }
    before = after;
    recapIfDue(after);
  }

  /** The notices of members passed, NOTICES_PER_TURN at a time in turns of the event loop, in order. */
  function tellInTurns(events: GameEvent[]): void {
    inTurns(
      events,
      NOTICES_PER_TURN,
      (batch) => {
        // Kept in each member's inbox before the toast and push that link to it.
        recordNotices(db, batch, deps.now());
        bus.publish(batch);
      },
      (next) => laterTurn(safely(next)),
      () => stopped,
    );
  }

  const safely = (fn: () => void) => () => {
    try {
      fn();
    } catch (error) {
      // The database closed under a late timer (shutdown), or a read failed: the trade stands, the notice is missed.
      logger.warn({ err: error, leagueId }, 'The standings were not compared');
    }
  };

  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'tradeCompleted' && event.type !== 'marketUpdated' && event.type !== 'portfolioUpdated') return;
    if (timer || !before || stopped) return;
    timer = setTimeout(safely(compare), SETTLE_MS);
    timer.unref();
  });

  return {
    /** Takes the standings to compare with (once the league's market state is read), and checks the weekly recap from now on. */
    start(): void {
      if (stopped || before) return;
      safely(() => {
        before = standings();
        recapIfDue(before);
      })();
      recapTimer = setInterval(
        safely(() => recapIfDue(standings())),
        RECAP_CHECK_MS,
      );
      recapTimer.unref();
    },
    stop(): void {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      if (recapTimer) clearInterval(recapTimer);
    },
  };
}
export type Rivalry = ReturnType<typeof createRivalry>;
