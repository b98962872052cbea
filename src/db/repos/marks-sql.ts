import type { Db } from '../client.js';
import type { MarkOf } from './valuation.js';

/**
 * A query that values at the marks (docs/rules.md §5) inside SQL starts `WITH ${MARKS_CTE}` and
 * joins `marks m ON m.kind = x.instrument AND m.id = x.instrument_id`; its first parameter is
 * `marksParam(...)`: the mark of every instrument of the market (active players and teams, a few
 * hundred rows), materialized once per query, which SQLite indexes for the join by itself.
 */
export const MARKS_CTE = `marks(kind, id, mark) AS MATERIALIZED (
  SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?))`;

/** The columns naming an instrument of a row `alias` with `instrument` and `instrument_id`: needs `namesJoinSql(alias)`. */
export const INSTRUMENT_NAME = 'COALESCE(np.name, nt.name)';

export const namesJoinSql = (alias: string): string => `
  LEFT JOIN players np ON ${alias}.instrument = 'player' AND np.id = ${alias}.instrument_id
  LEFT JOIN teams nt ON ${alias}.instrument = 'team' AND nt.id = ${alias}.instrument_id`;

/** The marks of the market's instruments as `MARKS_CTE`'s parameter. */
export function marksParamOf(db: Db): (markOf: MarkOf) => string {
  const instruments = db.$client.prepare<[], { kind: 'player' | 'team'; id: number }>(
    "SELECT 'player' AS kind, id FROM players WHERE retired_at IS NULL UNION ALL SELECT 'team' AS kind, id FROM teams",
  );
  return (markOf) => JSON.stringify(instruments.all().map((i) => [i.kind, i.id, markOf(i.kind, i.id)]));
}
