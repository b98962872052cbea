/**
 * The 30 NBA teams of the 2025-26 season: official abbreviation, full name, conference,
 * division and the team's two main colours (used by the UI's colour themes). Pure data.
 */

export type Conference = 'East' | 'West';
export type Division = 'Atlantic' | 'Central' | 'Southeast' | 'Northwest' | 'Pacific' | 'Southwest';

export interface Team {
  readonly code: string;
  readonly name: string;
  readonly conference: Conference;
  readonly division: Division;
  /** `#RRGGBB` */
  readonly primaryColor: string;
  /** `#RRGGBB` */
  readonly secondaryColor: string;
}

export interface DivisionInfo {
  readonly name: Division;
  readonly conference: Conference;
}

const divisionInfo = (name: Division, conference: Conference): DivisionInfo => Object.freeze({ name, conference });

/** The six divisions in display order: the East's three, then the West's three. */
export const DIVISIONS: readonly DivisionInfo[] = Object.freeze([
  divisionInfo('Atlantic', 'East'),
  divisionInfo('Central', 'East'),
  divisionInfo('Southeast', 'East'),
  divisionInfo('Northwest', 'West'),
  divisionInfo('Pacific', 'West'),
  divisionInfo('Southwest', 'West'),
]);

const team = (code: string, name: string, conference: Conference, division: Division, primaryColor: string, secondaryColor: string): Team =>
  Object.freeze({ code, name, conference, division, primaryColor, secondaryColor });

/** All 30 teams, grouped by division in the order of DIVISIONS, alphabetical by city within one. */
export const TEAMS: readonly Team[] = Object.freeze([
  // East — Atlantic
  team('BOS', 'Boston Celtics', 'East', 'Atlantic', '#007A33', '#BA9653'),
  team('BKN', 'Brooklyn Nets', 'East', 'Atlantic', '#000000', '#FFFFFF'),
  team('NYK', 'New York Knicks', 'East', 'Atlantic', '#006BB6', '#F58426'),
  team('PHI', 'Philadelphia 76ers', 'East', 'Atlantic', '#006BB6', '#ED174C'),
  team('TOR', 'Toronto Raptors', 'East', 'Atlantic', '#CE1141', '#000000'),
  // East — Central
  team('CHI', 'Chicago Bulls', 'East', 'Central', '#CE1141', '#000000'),
  team('CLE', 'Cleveland Cavaliers', 'East', 'Central', '#860038', '#FDBB30'),
  team('DET', 'Detroit Pistons', 'East', 'Central', '#C8102E', '#1D42BA'),
  team('IND', 'Indiana Pacers', 'East', 'Central', '#002D62', '#FDBB30'),
  team('MIL', 'Milwaukee Bucks', 'East', 'Central', '#00471B', '#EEE1C6'),
  // East — Southeast
  team('ATL', 'Atlanta Hawks', 'East', 'Southeast', '#E03A3E', '#C1D32F'),
  team('CHA', 'Charlotte Hornets', 'East', 'Southeast', '#1D1160', '#00788C'),
  team('MIA', 'Miami Heat', 'East', 'Southeast', '#98002E', '#F9A01B'),
  team('ORL', 'Orlando Magic', 'East', 'Southeast', '#0077C0', '#C4CED4'),
  team('WAS', 'Washington Wizards', 'East', 'Southeast', '#002B5C', '#E31837'),
  // West — Northwest
  team('DEN', 'Denver Nuggets', 'West', 'Northwest', '#0E2240', '#FEC524'),
  team('MIN', 'Minnesota Timberwolves', 'West', 'Northwest', '#0C2340', '#78BE20'),
  team('OKC', 'Oklahoma City Thunder', 'West', 'Northwest', '#007AC1', '#EF3B24'),
  team('POR', 'Portland Trail Blazers', 'West', 'Northwest', '#E03A3E', '#000000'),
  team('UTA', 'Utah Jazz', 'West', 'Northwest', '#3E2680', '#79A3DC'),
  // West — Pacific
  team('GSW', 'Golden State Warriors', 'West', 'Pacific', '#1D428A', '#FFC72C'),
  team('LAC', 'Los Angeles Clippers', 'West', 'Pacific', '#C8102E', '#1D428A'),
  team('LAL', 'Los Angeles Lakers', 'West', 'Pacific', '#552583', '#FDB927'),
  team('PHX', 'Phoenix Suns', 'West', 'Pacific', '#1D1160', '#E56020'),
  team('SAC', 'Sacramento Kings', 'West', 'Pacific', '#5A2D81', '#63727A'),
  // West — Southwest
  team('DAL', 'Dallas Mavericks', 'West', 'Southwest', '#00538C', '#002B5E'),
  team('HOU', 'Houston Rockets', 'West', 'Southwest', '#CE1141', '#000000'),
  team('MEM', 'Memphis Grizzlies', 'West', 'Southwest', '#5D76A9', '#12173F'),
  team('NOP', 'New Orleans Pelicans', 'West', 'Southwest', '#0C2340', '#C8102E'),
  team('SAS', 'San Antonio Spurs', 'West', 'Southwest', '#C4CED4', '#000000'),
]);

/** The 30 team codes, in the order of TEAMS. */
export const TEAM_CODES: readonly string[] = Object.freeze(TEAMS.map((t) => t.code));

const byCode: ReadonlyMap<string, Team> = new Map(TEAMS.map((t) => [t.code, t]));

/** The team with this code (case-insensitive), or undefined. */
export function teamByCode(code: string): Team | undefined {
  return byCode.get(code.trim().toUpperCase());
}

/** A colour theme the UI offers: the 30 team codes plus SEA. */
export interface Theme {
  readonly code: string;
  readonly name: string;
  readonly primaryColor: string;
  readonly secondaryColor: string;
}

/** The extra theme: the Seattle SuperSonics' green and gold. The UI's default theme. */
export const SEA_THEME: Theme = Object.freeze({
  code: 'SEA',
  name: 'Seattle SuperSonics',
  primaryColor: '#00653A',
  secondaryColor: '#FFC200',
});
