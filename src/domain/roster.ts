/**
 * The roster CSV: one player per row, `name,team,salary`, salary in whole dollars.
 *
 * Pure parsing and validation, no I/O. Lines that are empty or start with `#` are skipped; the
 * first other line must be the header. Fields may be RFC-4180 double-quoted (so a name may hold a
 * comma; `""` inside quotes is a literal quote), but every record is one physical line. Every
 * problem is collected with its 1-based physical line number; any problem means no rows at all.
 */

export interface RosterRow {
  /** 1-based physical line of the file. */
  line: number;
  name: string;
  /** Upper-case team code, one of the codes passed to the parser. */
  teamCode: string;
  /** Whole US dollars, 1..MAX_SALARY_DOLLARS. */
  salary: number;
}

export interface RosterError {
  line: number;
  /** Readable, starting with `line N: `. */
  message: string;
}

export type RosterParseResult = { ok: true; rows: RosterRow[] } | { ok: false; errors: RosterError[] };

export const ROSTER_HEADER = ['name', 'team', 'salary'] as const;
export const MAX_NAME_LENGTH = 64;
export const MAX_SALARY_DOLLARS = 1_000_000_000;

type SplitResult = { ok: true; fields: string[] } | { ok: false; message: string };

/** Splits one physical line into fields; quoted fields are unquoted, others returned as written. */
export function splitCsvLine(line: string): SplitResult {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    // Optional blanks before a quoted field are tolerated.
    let j = i;
    while (j < line.length && (line[j] === ' ' || line[j] === '\t')) j++;
    if (line[j] === '"') {
      let value = '';
      let k = j + 1;
      let closed = false;
      while (k < line.length) {
        const ch = line[k];
        if (ch === '"') {
          if (line[k + 1] === '"') {
            value += '"';
            k += 2;
            continue;
          }
          closed = true;
          k++;
          break;
        }
        value += ch;
        k++;
      }
      if (!closed) return { ok: false, message: 'a quoted field has no closing double quote' };
      while (k < line.length && (line[k] === ' ' || line[k] === '\t')) k++;
      if (k < line.length && line[k] !== ',') {
        return { ok: false, message: 'unexpected text after a closing double quote' };
      }
      fields.push(value);
      if (k >= line.length) return { ok: true, fields };
      i = k + 1;
    } else {
      const comma = line.indexOf(',', i);
      const raw = comma === -1 ? line.slice(i) : line.slice(i, comma);
      if (raw.includes('"')) {
        return { ok: false, message: 'a double quote may only appear inside a field that is wholly quoted' };
      }
      fields.push(raw);
      if (comma === -1) return { ok: true, fields };
      i = comma + 1;
    }
  }
}

/** The key two names are compared by: case, and runs of blanks, do not make a name different. */
function nameKey(name: string): string {
  return name.replace(/\s+/g, ' ').toLowerCase();
}

function isSkipped(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/**
 * Parses and validates a roster CSV against the known team codes (compared case-insensitively;
 * rows get the upper-case code).
 */
export function parseRosterCsv(text: string, teamCodes: readonly string[]): RosterParseResult {
  const codes = new Set(teamCodes.map((c) => c.trim().toUpperCase()));
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const errors: RosterError[] = [];
  const rows: RosterRow[] = [];
  const firstLineOfName = new Map<string, number>();
  const fail = (line: number, message: string): void => {
    errors.push({ line, message: `line ${line}: ${message}` });
  };

  let headerSeen = false;
  for (let index = 0; index < lines.length; index++) {
    const content = lines[index] ?? '';
    const line = index + 1;
    if (isSkipped(content)) continue;

    const split = splitCsvLine(content);

    if (!headerSeen) {
      headerSeen = true;
      const isHeader = split.ok && split.fields.length === ROSTER_HEADER.length && split.fields.every((f, i) => f.trim().toLowerCase() === ROSTER_HEADER[i]);
      if (!isHeader) fail(line, `the first line must be the header "${ROSTER_HEADER.join(',')}"`);
      continue;
    }

    if (!split.ok) {
      fail(line, split.message);
      continue;
    }
    if (split.fields.length !== ROSTER_HEADER.length) {
      fail(line, `expected 3 fields (name,team,salary) but found ${split.fields.length}`);
      continue;
    }
    const [rawName = '', rawTeam = '', rawSalary = ''] = split.fields;
    let rowOk = true;

    const name = rawName.trim();
    if (name === '') {
      fail(line, 'name must not be empty');
      rowOk = false;
    } else if (name.length > MAX_NAME_LENGTH) {
      fail(line, `name must be at most ${MAX_NAME_LENGTH} characters`);
      rowOk = false;
    } else {
      const key = nameKey(name);
      const first = firstLineOfName.get(key);
      if (first !== undefined) {
        fail(line, `duplicate name "${name}" (already on line ${first})`);
        rowOk = false;
      } else {
        firstLineOfName.set(key, line);
      }
    }

    const teamCode = rawTeam.trim().toUpperCase();
    if (teamCode === '') {
      fail(line, 'team must not be empty');
      rowOk = false;
    } else if (!codes.has(teamCode)) {
      fail(line, `unknown team code "${rawTeam.trim()}"`);
      rowOk = false;
    }

    const salaryText = rawSalary.trim();
    const salary = /^[0-9]+$/.test(salaryText) ? Number(salaryText) : 0;
    if (salary <= 0) {
      fail(line, 'salary must be a whole number of dollars above 0');
      rowOk = false;
    } else if (salary > MAX_SALARY_DOLLARS) {
      fail(line, 'salary must be at most 1,000,000,000 dollars');
      rowOk = false;
    }

    if (rowOk) rows.push({ line, name, teamCode, salary });
  }

  if (!headerSeen) fail(1, `missing the header "${ROSTER_HEADER.join(',')}"`);

  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
