import { readFileSync } from 'node:fs';
import { parseRosterCsv } from '../domain/roster.js';
import { applyRoster } from '../engine/roster.js';
import { readRunningPid } from '../pid-file.js';
import { dollarsToCents, formatCents } from '../shared/money.js';
import { TEAM_CODES } from '../shared/teams.js';
import { fail, openGameLeagues } from './open.js';

const file = process.argv[2];
if (!file) fail('Usage: npm run roster:import -- FILE.csv   (columns: name,team,salary)');

let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch {
  fail(`Cannot read ${file}`);
}
const parsed = parseRosterCsv(text, TEAM_CODES);
if (!parsed.ok) {
  fail(`Nothing was imported: ${file} has ${parsed.errors.length} malformed row(s):\n${parsed.errors.map((e) => `  ${e.message}`).join('\n')}`);
}

const game = openGameLeagues(`npm run roster:import -- ${file}`);
const pid = readRunningPid(game.config.dataDir);
if (pid !== null) {
  game.close();
  fail(`The game is running on this data directory (pid ${pid}). Stop it first: its order books live in memory and must be rebuilt after an import.`);
}
const dollars = (n: number) => formatCents(dollarsToCents(n)).replace(/\.00$/, '');
// The roster is a fact of the NBA: every league gets it, each in its own file's transaction.
const reports = game.leagues.map((league) => ({ league, report: applyRoster(league.db, parsed.rows, Date.now(), 'command line') }));
game.close();
const report = reports[0]!.report;
console.log(`Roster import from ${file}: ${report.added.length} added, ${report.updated.length} updated, ${report.unchanged} unchanged.`);
for (const p of report.added) console.log(`  + ${p.name} (${p.team}) ${dollars(p.salary)}`);
for (const p of report.updated) {
  const move = p.newTeam ? `, ${p.oldTeam} → ${p.newTeam}` : '';
  console.log(`  ~ ${p.name}: ${dollars(p.oldSalary)} → ${dollars(p.newSalary)}${move}`);
}
for (const { league, report: r } of reports) {
  if (r.cancelledOrders > 0) console.log(`  ${league.name}: ${r.cancelledOrders} open order(s) were cancelled and their escrow returned.`);
}
if (reports.length > 1) console.log(`Applied to all ${reports.length} leagues.`);
