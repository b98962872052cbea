import type { ContractPreviewOut } from '../../shared/schemas/admin';
import { formatDollars, formatInteger } from './format';

const ratioFormat = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
const changeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });

const plural = (n: number, one: string, many = `${one}s`) => `${formatInteger(n)} ${n === 1 ? one : many}`;
const anyLeague = (p: ContractPreviewOut) => (p.leagues === 1 ? 'in the league' : `in any of the ${formatInteger(p.leagues)} leagues`);
const leagues = (p: ContractPreviewOut) =>
  p.leagues === 1 ? 'in the one league' : `in ${formatInteger(p.leaguesWithHoldings)} of ${formatInteger(p.leagues)} leagues`;
const cancelled = (p: ContractPreviewOut) =>
  p.openOrders === 0 ? [] : [`${plural(p.openOrders, 'open order')} on them ${p.openOrders === 1 ? 'is' : 'are'} cancelled, cash and shares returned.`];

/** "×0.5033 (−49.67%)": what every holding is multiplied by. */
export function ratioText(ratio: number): string {
  return `×${ratioFormat.format(ratio)} (${changeFormat.format((ratio - 1) * 100).replace('-', '−')}%)`;
}

/** What the confirmation of a salary change says it will do, in every league (docs/rules.md §7). */
export function salaryChangeLines(p: ContractPreviewOut): string[] {
  const newSalary = p.newSalary ?? p.salary;
  const ratio = p.ratio ?? 1;
  const holdings =
    p.holdings + p.teamHoldings === 0
      ? `Nobody holds ${p.name} or the ${p.teamName} ${anyLeague(p)}: no holding changes.`
      : `${plural(p.holdings, 'holding')} of ${p.name} and ${formatInteger(p.teamHoldings)} of the ${p.teamName}, ${leagues(p)}, are rescaled: shares ${ratioText(ratio).split(' ')[0]}, rounded down.`;
  return [`Salary $${formatInteger(p.salary)} → $${formatInteger(newSalary)}: ${ratioText(ratio)}.`, holdings, ...cancelled(p)];
}

/** What the confirmation of a retirement says it will do, in every league. */
export function retirementLines(p: ContractPreviewOut): string[] {
  const bought =
    p.holdings === 0
      ? `Nobody holds ${p.name} ${anyLeague(p)}: nothing is bought back.`
      : `${plural(p.sharesHeld, 'share')} in ${plural(p.holdings, 'holding')}, ${leagues(p)}, are bought back at ${formatDollars(1)} (${formatDollars(p.payout)} in all). Each holder is told.`;
  const team =
    p.teamHoldings === 0
      ? []
      : [`${plural(p.teamHoldings, 'holding')} of the ${p.teamName} ${p.teamHoldings === 1 ? 'is' : 'are'} rescaled as its payroll shrinks.`];
  return [bought, ...team, ...cancelled(p), 'He leaves the market; his page and his history stay.'];
}
