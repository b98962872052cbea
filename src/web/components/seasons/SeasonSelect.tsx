import './seasons.css';
import { useId } from 'react';
import type { SeasonOut } from '../../../shared/schemas/seasons';
import { formatDate } from '../../lib/time';

/** Picks a season: the current one (null) or an ended one, newest first. */
export function SeasonSelect({ seasons, value, onChange }: { seasons: readonly SeasonOut[]; value: number | null; onChange: (season: number | null) => void }) {
  const id = useId();
  const current = seasons.find((s) => s.endedAt === undefined);
  const ended = seasons.filter((s) => s.endedAt !== undefined).reverse();
  if (ended.length === 0) return null;
  return (
    <div className="field season-select">
      <label htmlFor={id}>Season</label>
      <select id={id} value={value ?? 'current'} onChange={(e) => onChange(e.target.value === 'current' ? null : Number(e.target.value))}>
        <option value="current">{current ? `Season ${current.number} (current)` : 'Current season'}</option>
        {ended.map((s) => (
          <option key={s.number} value={s.number}>
            Season {s.number} (ended {formatDate(s.endedAt!)})
          </option>
        ))}
      </select>
    </div>
  );
}
