import './seasons.css';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { SeasonOut } from '../../../shared/schemas/seasons';
import { formatDate } from '../../lib/time';
import { useTRPC } from '../../lib/trpc';
import { winnersLine } from './winners';

interface SeasonSelectProps {
  seasons: readonly SeasonOut[];
  /** null: the current season, or every season when `everyLabel` is given. */
  value: number | null;
  onChange: (season: number | null) => void;
  /** Offer "every season" (as null) first, and the current season by its number. */
  everyLabel?: string;
}

const label = (s: SeasonOut) =>
  s.endedAt === undefined
    ? `Season ${s.number} (current)`
    : `Season ${s.number} (ended ${formatDate(s.endedAt)}${s.winners && s.winners.length > 0 ? `, ${winnersLine(s.winners)}` : ''})`;

/** Picks a season, newest first; shown only once a season has ended. */
export function SeasonSelect({ seasons, value, onChange, everyLabel }: SeasonSelectProps) {
  const id = useId();
  if (!seasons.some((s) => s.endedAt !== undefined)) return null;
  const newestFirst = [...seasons].reverse();
  const listed = everyLabel === undefined ? newestFirst.filter((s) => s.endedAt !== undefined) : newestFirst;
  const current = seasons.find((s) => s.endedAt === undefined);
  return (
    <div className="field season-select">
      <label htmlFor={id}>Season</label>
      <select id={id} value={value ?? 'none'} onChange={(e) => onChange(e.target.value === 'none' ? null : Number(e.target.value))}>
        <option value="none">{everyLabel ?? (current ? label(current) : 'Current season')}</option>
        {listed.map((s) => (
          <option key={s.number} value={s.number}>
            {label(s)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The season selector of the session's league. */
export function LeagueSeasonSelect(props: Omit<SeasonSelectProps, 'seasons'>) {
  const trpc = useTRPC();
  const seasons = useQuery(trpc.seasons.list.queryOptions());
  return seasons.data ? <SeasonSelect seasons={seasons.data.seasons} {...props} /> : null;
}
