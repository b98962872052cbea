import type { InstrumentKind } from '../../db/repos/ledger.js';
import type { PlayerStateRow, TeamStateRow } from '../../db/repos/market-state.js';

/** A player or a team as the read side names and counts it. Cents; times epoch ms. */
export interface InstrumentView {
  readonly kind: InstrumentKind;
  readonly id: number;
  name: string;
  /** A player's team; a team's own id. */
  teamId: number;
  /** A player's salary; a team's payroll (its active players' salaries). */
  totalShares: number;
  remaining: number;
  lastPriceCents: number | null;
  active: boolean;
  /** When a player retired (then not active); null for an active player and a team. */
  retiredAt: number | null;
  restrictedUntil: number | null;
}

export interface TeamInfo {
  id: number;
  code: string;
  name: string;
  conference: 'East' | 'West';
}

export const keyOf = (kind: InstrumentKind, id: number) => `${kind}:${id}`;

/** Every player and team, with their teams' names, kept with the exchange's writes. */
export class Instruments {
  private readonly all = new Map<string, InstrumentView>();
  private readonly teams = new Map<number, TeamInfo>();
  /** Active players, highest salary first, then lower id: the market table's order. Rebuilt when a salary or the roster changes. */
  private activePlayers: InstrumentView[] | null = null;
  /** Every team, in the order of `keys`. Rebuilt when a team is set. */
  private teamViews: InstrumentView[] | null = null;

  get(kind: InstrumentKind, id: number): InstrumentView | undefined {
    return this.all.get(keyOf(kind, id));
  }

  /** Every instrument's key, players then teams. */
  keys(): string[] {
    return [...this.all.keys()];
  }

  byKey(key: string): InstrumentView | undefined {
    return this.all.get(key);
  }

  team(id: number): TeamInfo | undefined {
    return this.teams.get(id);
  }

  setTeam(t: TeamStateRow): void {
    this.teams.set(t.id, { id: t.id, code: t.code, name: t.name, conference: t.conference });
    const current = this.all.get(keyOf('team', t.id));
    const view: InstrumentView = {
      kind: 'team',
      id: t.id,
      name: t.name,
      teamId: t.id,
      totalShares: current?.totalShares ?? 0,
      remaining: t.remaining,
      lastPriceCents: t.lastPriceCents,
      active: true,
      retiredAt: null,
      restrictedUntil: null,
    };
    this.all.set(keyOf('team', t.id), view);
    this.teamViews = null;
  }

  setPlayer(p: PlayerStateRow): void {
    this.all.set(keyOf('player', p.id), {
      kind: 'player',
      id: p.id,
      name: p.name,
      teamId: p.teamId,
      totalShares: p.salary,
      remaining: p.remaining,
      lastPriceCents: p.lastPriceCents,
      active: p.retiredAt === null,
      retiredAt: p.retiredAt,
      restrictedUntil: p.restrictedUntil,
    });
    this.activePlayers = null;
  }

  /** A team's payroll, from its active players' salaries. */
  updatePayrolls(): void {
    const payroll = new Map<number, number>();
    for (const i of this.all.values()) if (i.kind === 'player' && i.active) payroll.set(i.teamId, (payroll.get(i.teamId) ?? 0) + i.totalShares);
    for (const t of this.teams.values()) this.all.get(keyOf('team', t.id))!.totalShares = payroll.get(t.id) ?? 0;
  }

  setRemaining(kind: InstrumentKind, id: number, remaining: number): void {
    const i = this.get(kind, id);
    if (i) i.remaining = remaining;
  }

  setLastPrice(kind: InstrumentKind, id: number, cents: number): void {
    const i = this.get(kind, id);
    if (i) i.lastPriceCents = cents;
  }

  players(): readonly InstrumentView[] {
    this.activePlayers ??= [...this.all.values()].filter((i) => i.kind === 'player' && i.active).sort((a, b) => b.totalShares - a.totalShares || a.id - b.id);
    return this.activePlayers;
  }

  /** Every team, in the order of `keys`. */
  teamList(): readonly InstrumentView[] {
    this.teamViews ??= [...this.all.values()].filter((i) => i.kind === 'team');
    return this.teamViews;
  }

  /** The team of an instrument (a player's team, or the team itself). */
  teamOf(i: InstrumentView): TeamInfo {
    return this.teams.get(i.teamId) ?? { id: i.teamId, code: '', name: '', conference: 'East' };
  }
}
