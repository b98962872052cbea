import './standings.css';
import type { ReactNode } from 'react';
import { formatDollars } from '../../lib/format';
import type { StandingColumn, StandingFigures } from '../../lib/standingColumns';

/** The money columns' headers, right-aligned; on a phone only the first (the figure the league ranks by) keeps its column. */
export function FigureHeaders({ columns }: { columns: readonly StandingColumn[] }) {
  return columns.map((c, i) => (
    <th key={c.figure} scope="col" className={i === 0 ? 'num' : 'num standing-more-col'}>
      {c.header}
    </th>
  ));
}

/** A place's money cells, the figure the league ranks by in bold. */
export function FigureCells({ columns, figures }: { columns: readonly StandingColumn[]; figures: StandingFigures }) {
  return columns.map((c, i) => (
    <td key={c.figure} className={i === 0 ? 'num strong stack-money' : 'num standing-more-col'}>
      {formatDollars(figures[c.figure])}
    </td>
  ));
}

/**
 * Under a place's name on a phone: the figures (and anything else, such as a season's holdings)
 * whose columns are hidden there, so that a row never scrolls sideways. Hidden on wider screens.
 */
export function MoreFigures({ columns, figures, children }: { columns: readonly StandingColumn[]; figures: StandingFigures; children?: ReactNode }) {
  return (
    <div className="standing-more">
      {columns.slice(1).map((c) => (
        <span key={c.figure}>
          {c.header} {formatDollars(figures[c.figure])}
        </span>
      ))}
      {children}
    </div>
  );
}
