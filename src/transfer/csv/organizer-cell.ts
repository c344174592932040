// An event's organizer cell, read as the plugin's CSV importer reads it
// (File_Importer_Events::find_matching_organizer_id):
// 1. a cell with whitespace that is a number once the whitespace is removed is a list of IDs
//    split at the whitespace (`12 34`);
// 2. else a cell with a comma is a list split at the commas (`12,34`, `12, 34`, `Bond, James`);
// 3. else the cell is one item.
// Each item of a list (trimmed) is an organizer's ID or exact title; an item matching neither is
// joined to the next one with ", " and tried again, so that `Bond, James, Leiter, Felix` finds
// "Bond, James" and "Leiter, Felix". Where some item matches nothing (the plugin then links the
// others, or nothing), wpcal goes on: the whole cell as one exact title (`Mccaleb, John A, Esq`),
// else, when nothing matched and the cell is not made of IDs, a new organizer with the whole
// cell as its title; else the record fails, naming what matched nothing.
import { RecordError } from '../tally.ts';
import { columnName } from './columns.ts';

export interface OrganizerLookup {
  /** The ID, when an organizer (of any status) has it. */
  byId(id: number): Promise<number | undefined>;
  /** An organizer of this exact title. */
  byTitle(title: string): Promise<number | undefined>;
  /** The organizer of this exact title, created when there is none. */
  resolve(title: string): Promise<number>;
}

// PCRE's \s without the u flag: ASCII whitespace only.
const SPACES = /[\t\n\v\f\r ]+/;
const PHP_NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ID = /^\d+$/;

/** The cell's items, and whether the plugin reads them as a list. */
function organizerItems(cell: string): { list: boolean; items: string[] } {
  if (SPACES.test(cell) && PHP_NUMERIC.test(cell.replace(new RegExp(SPACES, 'g'), ''))) return { list: true, items: cell.split(SPACES) };
  if (cell.includes(',')) return { list: true, items: cell.split(/,+/) };
  return { list: false, items: [cell] };
}

/** find_matching_post_id: an empty item (or `0`) is none; an integer is an organizer's ID, else (or when none has it) a title. */
async function find(item: string, lookup: OrganizerLookup): Promise<number | undefined> {
  if (item === '' || item === '0') return undefined;
  const number = Number(item);
  const byId = PHP_NUMERIC.test(item) && Number.isSafeInteger(number) ? await lookup.byId(number) : undefined;
  return byId ?? lookup.byTitle(item);
}

interface Matched {
  ids: number[];
  unmatched: string[];
}

/** match_organizers: the organizers the items name, in order and once each, and the items naming none. */
async function matchItems(items: readonly string[], lookup: OrganizerLookup): Promise<Matched> {
  const ids: number[] = [];
  const unmatched: string[] = [];
  const add = (id: number): void => {
    if (!ids.includes(id)) ids.push(id);
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i].trim();
    const alone = await find(item, lookup);
    if (alone !== undefined) {
      add(alone);
      continue;
    }
    const joined = await find(`${item}, ${(items[i + 1] ?? '').trim()}`, lookup);
    if (joined === undefined) {
      if (item !== '') unmatched.push(item);
      continue;
    }
    add(joined);
    i++;
  }
  return { ids, unmatched };
}

/** A cell that is not a list: one ID or title, as a whole. */
async function matchOne(cell: string, lookup: OrganizerLookup): Promise<Matched> {
  const id = await find(cell, lookup);
  return id === undefined ? { ids: [], unmatched: [cell] } : { ids: [id], unmatched: [] };
}

const quoted = (items: readonly string[]): string => items.map((item) => `"${item}"`).join(' or ');

/** The organizer IDs an event's organizer cell links, in order. */
export async function organizersOfCell(cell: string, lookup: OrganizerLookup): Promise<number[]> {
  const { list, items } = organizerItems(cell);
  const { ids, unmatched } = list ? await matchItems(items, lookup) : await matchOne(cell, lookup);
  if (!unmatched.length) return ids;
  const whole = list ? await lookup.byTitle(cell) : undefined;
  if (whole !== undefined) return [whole];
  const column = `${columnName('events', 'organizer')} "${cell}"`;
  if (ids.length || items.every((item) => ID.test(item.trim()))) {
    throw new RecordError(`${column}: no organizer has the ID or exact name ${quoted(unmatched)}`);
  }
  return [await lookup.resolve(cell)];
}
