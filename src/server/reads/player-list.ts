import type { ReadModels } from '../../engine/read-models/read-models.js';
import { playerList, playerOut, type PlayerOut } from '../../shared/schemas/market.js';
import { rememberEncoding } from '../encoded-answers.js';
import { playerRow } from './rows.js';
import { toPlayer } from './shape.js';

/** Every active player as `callerId` sees them (`owned`: their shares), row by row from the read models. */
export function playerRows(m: ReadModels, callerId: number | null): PlayerOut[] {
  return m.instruments.players().map((i) => toPlayer(playerRow(m, i, callerId), m.markOf('player', i.id)));
}

/** Lists whose every row was checked against `playerOut` when they were made (see `checkedPlayerList`). */
const checked = new WeakSet<object>();

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

/**
 * The players list (`market.players`, `GET /api/players`) as everyone sees it, `owned` 0 in every
 * row: built, checked against its schema and encoded once per change of the market; a signed-in
 * caller's own shares are joined to it (only the rows of players they hold are new, and only their
 * `owned` figures are new bytes in the answer).
 */
export class SharedPlayerList {
  /** Shared by every caller: never changed (each row frozen). */
  readonly rows: PlayerOut[];
  private readonly body: Buffer;
  /** Each player's row, and where in `body` its `owned` figure (the one byte `0`) is. */
  private readonly at = new Map<number, { row: number; byte: number }>();

  /**
   * `rows` as everyone sees them (`owned` 0). Rows equal to one in `kept` (the previous list's) are
   * taken from it as they were checked and encoded; the others are checked and encoded here, and
   * `kept` is left holding this list's rows for the next.
   */
  constructor(rows: PlayerOut[], kept: Map<number, EncodedRow> = new Map()) {
    this.rows = new Array<PlayerOut>(rows.length);
    // The rows' bytes copied together: no string of the whole list is made (nor encoded again).
    const pieces: Buffer[] = [OPEN];
    let bytes = 1;
    rows.forEach((fresh, i) => {
      let row = kept.get(fresh.id);
      if (!row || !sameRow(row.source, fresh)) kept.set(fresh.id, (row = encodeRow(fresh)));
      if (i > 0) {
        pieces.push(COMMA);
        bytes += 1;
      }
      this.rows[i] = row.row;
      pieces.push(row.json);
      this.at.set(fresh.id, { row: i, byte: bytes + row.ownedAt });
      bytes += row.json.length;
    });
    pieces.push(CLOSE);
    if (kept.size > rows.length) for (const id of kept.keys()) if (!this.at.has(id)) kept.delete(id);
    this.body = Buffer.concat(pieces, bytes + 1);
    checked.add(this.rows);
    rememberEncoding(this.rows, () => [this.body]);
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

/** The shared list of these read models as they are now, made again when they changed (or are new). */
export function sharedPlayerLists(): (m: ReadModels) => SharedPlayerList {
  let kept: { models: ReadModels; version: number; list: SharedPlayerList } | null = null;
  // Each player's row as last encoded: most changes of the market change a few rows.
  const rows = new Map<number, EncodedRow>();
  return (m) => {
    // Marks move with time alone: advanced first, so that the version says whether any did.
    m.markChanges();
    if (kept?.models === m && kept.version === m.version) return kept.list;
    // Built first: a mark read for the first time while building counts as a change.
    const list = new SharedPlayerList(playerRows(m, null), rows);
    kept = { models: m, version: m.version, list };
    return list;
  };
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
