// Which column of a TEC CSV file fills which field, and what kind of file it is. A header is
// guessed as the plugin's mapping screen preselects it (aggregator-fields.js: lower case, spaces
// to underscores, then only letters, digits and underscores: the column key it equals), else —
// wpcal's extension — by the same slug without the kind's `event_`/`venue_`/`organizer_` prefix
// and with singular words, compared with the keys', labels' and known spellings' slugs made
// alike (`START DATE`, `ALL DAY EVENT?`, `CATEGORIES`). `--map` entries come before both.
import { KINDS, REQUIRED, columnName, columnsOf, fieldsOfKey, type CsvKind, type Field } from './columns.ts';
import { CsvMapError, type MappedHeader, sameHeader } from './column-map.ts';

/** A file the import cannot read at all (bad header, broken quoting). */
export class CsvFileError extends Error {}

/** The plugin's slug of a header (the value of the mapping option it preselects). */
export const headerSlug = (header: string): string => header.toLowerCase().trim().replace(/\s/g, '_').replace(/[^a-z0-9_]/g, '');

const PREFIX: Record<CsvKind, string> = { events: 'event_', venues: 'venue_', organizers: 'organizer_' };

const singular = (word: string): string => (word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/s$/, ''));

/** A slug without the kind's prefix, each word singular. */
function bareSlug(kind: CsvKind, slug: string): string {
  const unprefixed = slug.startsWith(PREFIX[kind]) ? slug.slice(PREFIX[kind].length) : slug;
  return unprefixed.split('_').map(singular).join('_');
}

/** How sure a column's field is: named by `--map`, the plugin's own guess, or wpcal's. */
const enum Certainty { Widened = 1, Plugin = 2, Mapped = 3 }

/** Per kind: bare slug → field, the first field declaring it. */
const BARE_FIELDS = new Map(KINDS.map((kind) => {
  const byBare = new Map<string, string>();
  for (const [field, column] of columnsOf(kind)) {
    for (const name of [column.key, column.label, ...column.also ?? []]) {
      const bare = bareSlug(kind, headerSlug(name));
      if (!byBare.has(bare)) byBare.set(bare, field);
    }
  }
  return [kind, byBare];
}));

function guess(kind: CsvKind, header: string): { field: string; certainty: Certainty } | undefined {
  const slug = headerSlug(header);
  const exact = columnsOf(kind).find(([, column]) => column.key === slug);
  if (exact) return { field: exact[0], certainty: Certainty.Plugin };
  const field = BARE_FIELDS.get(kind)!.get(bareSlug(kind, slug));
  return field === undefined ? undefined : { field, certainty: Certainty.Widened };
}

/**
 * Field → column index in a file of the kind. A column fills one field; of the columns filling
 * a field the surest wins, then the last, as the plugin keeps the last column mapped to a key.
 */
function fieldColumns(kind: CsvKind, headers: readonly string[], mapped: ReadonlyMap<number, string>): Map<string, number> {
  const chosen = new Map<string, { index: number; certainty: Certainty }>();
  headers.forEach((header, index) => {
    const key = mapped.get(index);
    const pick = key === undefined ? guess(kind, header) : { field: fieldsOfKey(key).get(kind), certainty: Certainty.Mapped };
    if (pick?.field === undefined) return;
    const before = chosen.get(pick.field);
    if (!before || pick.certainty >= before.certainty) chosen.set(pick.field, { index, certainty: pick.certainty });
  });
  return new Map([...chosen].map(([field, { index }]) => [field, index]));
}

export interface Layout<K extends CsvKind = CsvKind> {
  kind: K;
  indexes: Map<Field<K>, number>;
}

const hasAll = (kind: CsvKind, indexes: Map<string, number>): boolean => REQUIRED[kind].every((field) => indexes.has(field));

const nameColumn = (kind: CsvKind): string => `"${columnName(kind, REQUIRED[kind][0] as never)}"`;

/** `a`, `a or b`, `a, b or c`. */
const orList = (items: readonly string[]): string => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/** Column index → the key `--map` gives it; the kinds those keys allow (all when none). */
function mappedColumns(headers: readonly string[], map: readonly MappedHeader[], file: string): { mapped: Map<number, string>; kinds: CsvKind[] } {
  const mapped = new Map<number, string>();
  let kinds = [...KINDS];
  for (const { header, key } of map) {
    headers.forEach((name, index) => {
      if (!sameHeader(name, header)) return;
      mapped.set(index, key);
      const allowed = fieldsOfKey(key);
      const left = kinds.filter((kind) => allowed.has(kind));
      if (!left.length) {
        const kindsOf = `${orList([...allowed.keys()])} files`;
        throw new CsvMapError(`--map: ${file}: "${name}" is mapped to ${key}, a column of ${kindsOf}, but the other mapped columns are columns of ${orList(kinds)} files`);
      }
      kinds = left;
    });
  }
  return { mapped, kinds };
}

/**
 * The kind of file and its columns: of the kinds the `--map` keys allow, an events file when it
 * has the required event columns, else the venues or organizers file it has more columns of.
 */
export function resolveLayout(headers: readonly string[], map: readonly MappedHeader[], file: string): Layout {
  const { mapped, kinds } = mappedColumns(headers, map, file);
  const layouts = kinds.map((kind) => ({ kind, indexes: fieldColumns(kind, headers, mapped) }));
  const complete = layouts.filter(({ kind, indexes }) => hasAll(kind, indexes));
  if (!complete.length) {
    const named = layouts.find(({ kind, indexes }) => indexes.has(REQUIRED[kind][0]));
    if (!named) throw new CsvFileError(`${file}: the header row has no ${orList(kinds.map(nameColumn))} column`);
    const missing = REQUIRED[named.kind].filter((field) => !named.indexes.has(field));
    const names = missing.map((field) => `"${columnName(named.kind, field as never)}"`).join(', ');
    throw new CsvFileError(`${file}: missing required column${missing.length > 1 ? 's' : ''} ${names}`);
  }
  const events = complete.find(({ kind }) => kind === 'events');
  if (events) return events as Layout;
  const [first, second] = [...complete].sort((a, b) => b.indexes.size - a.indexes.size);
  if (second && second.indexes.size === first.indexes.size) {
    throw new CsvFileError(`${file}: the header row fits a venues file and an organizers file alike (name its name column ${nameColumn('venues')} or ${nameColumn('organizers')}, or use --map)`);
  }
  return first as Layout;
}
