import type { ReactNode } from 'react';
import './StatGrid.css';

export interface Stat {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** Key figures of a player or team as small cards (a description list for screen readers). */
export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="item-stats">
      {stats.map((s) => (
        <div key={s.label} className="item-stat">
          <dt>{s.label}</dt>
          <dd>
            <span className="item-stat-value">{s.value}</span>
            {s.hint ? <span className="item-stat-hint">{s.hint}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
