import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { InstrumentView } from '../../engine/read-models/instruments.js';
import type { ReadModels } from '../../engine/read-models/read-models.js';
import { playerList, playerOut, playersSinceResult, type PlayerOut, type PlayersSinceResult } from '../../shared/schemas/market.js';
import type { PlayersChange } from '../../shared/live.js';
import { encodingOf, rememberEncoding } from '../encoded-answers.js';
import { playerRow } from './rows.js';
import { toPlayer } from './shape.js';

/** Every active player as `callerId` sees them (`owned`: their shares), row by row from the read models. */
export function playerRows(m: ReadModels, callerId: number | null): PlayerOut[] {
  return m.instruments.players().map((i) => toPlayer(playerRow(m, i, callerId), m.markOf('player', i.id)));
}

/**
 * Every active player as everyone sees them, as `SharedPlayerList` takes them: the row of a player
 * whose figures changed since the models were at `since` (every row when null), or only the id of
 * one whose row in `kept` stands.
 */
export function playerRowsSince(m: ReadModels, since: number | null, kept: ReadonlyMap<number, EncodedRow>): (PlayerOut | number)[] {
  return m.instruments
    .players()
    .map((i) =>
      since !== null && kept.has(i.id) && !m.rowChangedSince('player', i.id, since) ? i.id : toPlayer(playerRow(m, i, null), m.markOf('player', i.id)),
    );
}

/** Lists whose every row was checked against `playerOut` when they were made (see `checkedPlayerList`). */
const checked = new WeakSet<object>();
/** Rows checked against `playerOut` when they were encoded (frozen: they stay as checked). */
const checkedRows = new WeakSet<object>();

const OWNED = '"owned":';

/** One row as everyone sees it, checked, with its JSON bytes and where its `owned` figure starts in them. */
export interface EncodedRow {
  /** The row it was made from, to tell whether a new one is the same. */
  source: PlayerOut;
  row: PlayerOut;
  json: Buffer;
  ownedAt: number;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

function encodeRow(fresh: PlayerOut): EncodedRow {
  const row = Object.freeze(playerOut.parse(fresh));
  checkedRows.add(row);
  const json = JSON.stringify(row);
  // Unambiguous: a quote inside a string value is escaped, so `"owned":` is only ever the key.
  const owned = json.indexOf(OWNED) + OWNED.length;
  return { source: fresh, row, json: Buffer.from(json), ownedAt: Buffer.byteLength(json.slice(0, owned)) };
}

/** Same figures: every member is a string, number or null, in the same order. */
function sameRow(a: PlayerOut, b: PlayerOut): boolean {
  for (const key in b) if (a[key as keyof PlayerOut] !== b[key as keyof PlayerOut]) return false;
  return true;
}

/** A list's parts as `SharedPlayerList.patched` makes them. */
class Patched {
  constructor(
    readonly rows: PlayerOut[],
    readonly changed: readonly number[],
    readonly pieces: Buffer[],
    readonly length: number,
    readonly encoded: EncodedRow[],
    readonly index: Map<number, number> | null,
  ) {}
}

/**
 * The players list (`market.players`, `GET /api/players`) as everyone sees it, `owned` 0 in every
 * row: built, checked against its schema and encoded once per change of the market; a signed-in
 * caller's own shares are joined to it (only the rows of players they hold are new, and only their
 * `owned` figures are new bytes in the answer).
 */
export class SharedPlayerList {
  /** Shared by every caller: never changed (each row frozen). */
  readonly rows: PlayerOut[];
  /** The players whose rows differ from the previous list's (`kept`); null when a player came or went or the order changed. */
  readonly changed: readonly number[] | null;
  /** The rows' bytes, joined into the list's when it is first sent whole (most lists are only read as changes). */
  private readonly pieces: Buffer[];
  private readonly length: number;
  private whole: Buffer | null = null;
  /** The rows as encoded, in the list's order. */
  private readonly encoded: EncodedRow[];
  /** Each player's row, and where in `body` its `owned` figure (the one byte `0`) is: found when first joined. */
  private places: Map<number, { row: number; byte: number }> | null = null;
  /** Each player's place in the list, shared by the lists patched from this one (the same players in the same order). */
  private index: Map<number, number> | null = null;

  /**
   * `rows` as everyone sees them (`owned` 0). Rows equal to one in `kept` (the previous list's, in its
   * order) are taken from it as they were checked and encoded, and so is the row of a player given
   * by id alone (one known not to have changed since, which `kept` must hold); the others are checked
   * and encoded here, and `kept` is left holding this list's rows, in this list's order, for the next.
   */
  constructor(rows: readonly (PlayerOut | number)[] | Patched, kept: Map<number, EncodedRow> = new Map()) {
    if (rows instanceof Patched) {
      ({ rows: this.rows, changed: this.changed, pieces: this.pieces, length: this.length, encoded: this.encoded, index: this.index } = rows);
      checked.add(this.rows);
      rememberEncoding(this.rows, () => [this.body]);
      return;
    }
    this.rows = new Array<PlayerOut>(rows.length);
    // The rows' bytes, to be copied together: no string of the whole list is made (nor encoded again).
    const pieces: Buffer[] = [OPEN];
    let bytes = 1;
    const changed: number[] = [];
    const encoded = new Array<EncodedRow>(rows.length);
    const before = kept.keys();
    let sameShape = kept.size === rows.length;
    rows.forEach((fresh, i) => {
      const id = typeof fresh === 'number' ? fresh : fresh.id;
      if (sameShape && before.next().value !== id) sameShape = false;
      let row = kept.get(id);
      if (typeof fresh === 'number') {
        if (!row) throw new Error(`No kept row of player ${id}`);
      } else if (!row || !sameRow(row.source, fresh)) {
        // A player already kept keeps its place in `kept` (and in the walk of its keys); a new one is added below.
        if (row) kept.set(id, (row = encodeRow(fresh)));
        else row = encodeRow(fresh);
        changed.push(id);
      }
      encoded[i] = row;
      if (i > 0) {
        pieces.push(COMMA);
        bytes += 1;
      }
      this.rows[i] = row.row;
      pieces.push(row.json);
      bytes += row.json.length;
    });
    pieces.push(CLOSE);
    this.changed = sameShape ? changed : null;
    if (!sameShape) {
      kept.clear();
      for (const row of encoded) kept.set(row.row.id, row);
    }
    this.encoded = encoded;
    this.pieces = pieces;
    this.length = bytes + 1;
    checked.add(this.rows);
    rememberEncoding(this.rows, () => [this.body]);
  }

  private placeOf(id: number): number | undefined {
    if (!this.index) {
      const index = new Map<number, number>();
      this.encoded.forEach((row, i) => index.set(row.row.id, i));
      this.index = index;
    }
    return this.index.get(id);
  }

  /**
   * This list with the rows of `fresh` (players of this list) made again where their figures
   * changed, every other row taken as it is: the same list as one built whole from every row, at the
   * cost of the rows given. `kept` holds this list's rows and is left holding the new list's. Null
   * when a player of `fresh` is not in this list (the list is then built whole).
   */
  patched(fresh: readonly PlayerOut[], kept: Map<number, EncodedRow>): SharedPlayerList | null {
    const places: number[] = [];
    for (const row of fresh) {
      const place = this.placeOf(row.id);
      if (place === undefined) return null;
      places.push(place);
    }
    const rows = this.rows.slice();
    const encoded = this.encoded.slice();
    const pieces = this.pieces.slice();
    let length = this.length;
    const changed: number[] = [];
    fresh.forEach((row, k) => {
      const i = places[k]!;
      const before = encoded[i]!;
      if (sameRow(before.source, row)) return;
      const after = encodeRow(row);
      kept.set(row.id, after);
      encoded[i] = after;
      rows[i] = after.row;
      // After `[`, row i's bytes are at 1 + 2i (each row after the first follows a comma).
      pieces[1 + 2 * i] = after.json;
      length += after.json.length - before.json.length;
      changed.push(i);
    });
    changed.sort((a, b) => a - b);
    return new SharedPlayerList(new Patched(rows, changed.map((i) => rows[i]!.id), pieces, length, encoded, this.index));
  }

  /** The rows of these players, in the list's order. */
  rowsOf(ids: ReadonlySet<number>): PlayerOut[] {
    const places: number[] = [];
    for (const id of ids) {
      const place = this.placeOf(id);
      if (place !== undefined) places.push(place);
    }
    return places.sort((a, b) => a - b).map((i) => this.rows[i]!);
  }

  private get at(): Map<number, { row: number; byte: number }> {
    if (!this.places) {
      const places = new Map<number, { row: number; byte: number }>();
      // After `[`, each row then a comma.
      let bytes = 1;
      this.encoded.forEach((row, i) => {
        places.set(row.row.id, { row: i, byte: bytes + row.ownedAt });
        bytes += row.json.length + 1;
      });
      this.places = places;
    }
    return this.places;
  }

  private get body(): Buffer {
    return (this.whole ??= Buffer.concat(this.pieces, this.length));
  }

  /** The list with the caller's shares (by player id) as `owned`; players not in the list are left out. */
  joined(owned: ReadonlyMap<number, number>): PlayerOut[] {
    const held = [...owned].flatMap(([id, shares]) => {
      const place = this.at.get(id);
      return place && shares !== 0 ? [{ ...place, shares }] : [];
    });
    if (held.length === 0) return this.rows;
    held.sort((a, b) => a.row - b.row);
    const rows = this.rows.slice();
    for (const h of held) rows[h.row] = playerOut.parse({ ...rows[h.row]!, owned: h.shares });
    checked.add(rows);
    rememberEncoding(rows, () => {
      const pieces: Buffer[] = [];
      let from = 0;
      for (const h of held) {
        pieces.push(this.body.subarray(from, h.byte), Buffer.from(String(h.shares)));
        from = h.byte + 1;
      }
      pieces.push(this.body.subarray(from));
      return pieces;
    });
    return rows;
  }
}

/** How many lists back a client's version can be answered with only the rows changed since. */
export const CHANGES_KEPT = 64;

/**
 * The list after `list` (built when the models were at `since`, of the same players in the same
 * order) with the rows changed since made again: found from the models' log of changed rows, not
 * by looking at every player. Null when the log does not say (the list is then built whole).
 */
function patchOf(m: ReadModels, list: SharedPlayerList, since: number, kept: Map<number, EncodedRow>): SharedPlayerList | null {
  const changed = m.rowsChangedList(since);
  if (changed === null) return null;
  const fresh: PlayerOut[] = [];
  for (const c of changed) {
    if (c.kind !== 'player') continue;
    const i = m.instruments.get('player', c.id);
    if (!i) return null;
    fresh.push(toPlayer(playerRow(m, i, null), m.markOf('player', i.id)));
  }
  return list.patched(fresh, kept);
}

/** Lists that tell apart the previous ones: each league's read models are a new generation (a league closed and opened again starts anew). */
let generations = 0;
/**
 * This process's own prefix of every generation: a client may hold a version made before the server
 * restarted (its count starting again from 1), and must not be answered with the changes since
 * another list of the same number.
 */
const PROCESS = randomBytes(4).toString('hex');

/** The players list of a league as it is now, and what changed since a version of it that a client holds. */
export interface PlayerLists {
  /** The shared list of these read models as they are now, made again when they changed (or are new). */
  list(m: ReadModels): SharedPlayerList;
  /**
   * The list now, its version, and the players whose rows changed since `version` (the version of a
   * list this source made): null when that is not known (another generation, too old, malformed) or
   * when players came or went since, and the whole list is the answer.
   */
  since(m: ReadModels, version: string | undefined): { list: SharedPlayerList; version: string; changed: ReadonlySet<number> | null };
}

export function sharedPlayerLists(): PlayerLists {
  /** The list of these models now, its players, and the version of the models its rows stand at (read before building). */
  let kept: { models: ReadModels; version: number; builtAt: number; players: readonly InstrumentView[]; list: SharedPlayerList } | null = null;
  // Each player's row as last encoded: most changes of the market change a few rows.
  const rows = new Map<number, EncodedRow>();
  let generation = '';
  /** The lists made in this generation, numbered from 1; the changes of the last CHANGES_KEPT of them, oldest first. */
  let made = 0;
  const changes: (readonly number[] | null)[] = [];
  const list = (m: ReadModels): SharedPlayerList => {
    // Marks move with time alone: advanced first, so that the version says whether any did.
    m.markChanges();
    if (kept?.models === m && kept.version === m.version) return kept.list;
    const players = m.instruments.players();
    // No player's row changed since (an order opened or cancelled): the list stands, as the same version.
    if (kept?.models === m && kept.players === players && !m.rowsChangedSince(kept.builtAt)) {
      kept = { ...kept, version: m.version, builtAt: m.version };
      return kept.list;
    }
    if (kept?.models !== m) {
      generation = `${PROCESS}${(++generations).toString(36)}`;
      made = 0;
      changes.length = 0;
    }
    // Only the rows of players changed since the last list are built again (all of them for other models).
    const builtAt = m.version;
    const fresh =
      (kept?.models === m && kept.players === players && patchOf(m, kept.list, kept.builtAt, rows)) ||
      new SharedPlayerList(playerRowsSince(m, kept?.models === m ? kept.builtAt : null, rows), rows);
    // Read after building: a mark read for the first time while building counts as a change.
    kept = { models: m, version: m.version, builtAt, players, list: fresh };
    made += 1;
    changes.push(made === 1 ? null : fresh.changed);
    if (changes.length > CHANGES_KEPT) changes.shift();
    return fresh;
  };
  return {
    list,
    since(m, version) {
      const now = list(m);
      const current = `${generation}.${made}`;
      const [, gen, n] = /^([0-9a-z]+)\.([1-9][0-9]{0,9})$/.exec(version ?? '') ?? [];
      const held = Number(n);
      // The changes of lists held+1 … made: `changes` holds those of made-changes.length+1 … made.
      const first = changes.length - (made - held);
      if (gen !== generation || held > made || first < 0) return { list: now, version: current, changed: null };
      const changed = new Set<number>();
      for (const ids of changes.slice(first)) {
        if (ids === null) return { list: now, version: current, changed: null };
        for (const id of ids) changed.add(id);
      }
      return { list: now, version: current, changed };
    },
  };
}

/** `market.playersSince`: the rows changed since `since` (every row when that is not known) and the caller's shares. */
export function playersSinceOf(lists: PlayerLists, m: ReadModels, callerId: number | null, since: string | undefined): PlayersSinceResult {
  const { list, version, changed } = lists.since(m, since);
  const owned: [number, number][] = callerId === null ? [] : [...playerSharesOf(m, callerId)].filter(([, shares]) => shares !== 0);
  if (changed !== null) return { version, full: false, rows: list.rowsOf(changed), owned };
  const whole = { version, full: true, rows: list.rows, owned };
  // A first load: the list's kept bytes, between the version and the caller's shares (the same JSON as the object's).
  rememberEncoding(whole, () => [
    Buffer.from(`{"version":${JSON.stringify(version)},"full":true,"rows":`),
    ...encodingOf(list.rows)!,
    Buffer.from(`,"owned":${JSON.stringify(owned)}}`),
  ]);
  return whole;
}

/** What the ticker tells its followers of the list: the rows changed since `since` (a version made here), as everyone sees them. */
export function playersChangeOf(lists: PlayerLists, m: ReadModels, since: string | undefined): PlayersChange {
  const { list, version, changed } = lists.since(m, since);
  if (since === undefined || changed === null) return { since: null, version, rows: [] };
  return { since, version, rows: list.rowsOf(changed) };
}

/** A user's shares of each player, by player id. */
export function playerSharesOf(m: ReadModels, userId: number): Map<number, number> {
  const shares = new Map<number, number>();
  for (const h of m.holdings.ofUser(userId).values()) if (h.kind === 'player') shares.set(h.instrumentId, h.shares);
  return shares;
}

/**
 * `market.players`'s output check: a list made by SharedPlayerList had each row checked when it was
 * made (the shared rows once per change of the market, a caller's own rows when joined), so it
 * passes as it is; any other value is checked in full.
 */
export function checkedPlayerList(value: unknown): PlayerOut[] {
  if (typeof value === 'object' && value !== null && checked.has(value)) return value as PlayerOut[];
  return playerList.parse(value);
}

const sinceShape = playersSinceResult.extend({ rows: z.array(z.unknown()) });

/** `market.playersSince`'s output check: rows taken from a shared list were checked when it was made; anything else is checked in full. */
export function checkedPlayersSince(value: unknown): PlayersSinceResult {
  const shaped = sinceShape.parse(value);
  const fromList = shaped.rows.every((r) => typeof r === 'object' && r !== null && checkedRows.has(r));
  // The answer itself, not a copy: its kept bytes (a whole list's) are found by it.
  return fromList ? (value as PlayersSinceResult) : playersSinceResult.parse(value);
}
