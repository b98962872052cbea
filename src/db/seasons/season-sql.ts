/** The largest trade id before the league's current season (its newest row of `seasons`): the season's trades have larger ids. */
const CURRENT_SEASON_AFTER = '(SELECT COALESCE(MAX(after_trade_id), 0) FROM seasons)';

/** A trade row `alias` (or the unaliased trades table) of the current season. */
export const inCurrentSeasonSql = (alias?: string): string => `${alias ? `${alias}.` : ''}id > ${CURRENT_SEASON_AFTER}`;
