// A file as an import reads it: checked whole first (a file that cannot be read as a whole is
// refused before anything is written), then its records read again from the file, kind by kind
// in the order they are written, a few at a time: what is held of a large file is what one unit
// of writes needs, not the file.
import type { EventRecord, ImportBatch, OrganizerRecord, RecordProblem, TermRecord, VenueRecord } from './records.ts';

/** What a record stream gives: a record, or why an entry of the file is none. */
export type Read<T> = T | RecordProblem;

export const isProblem = <T extends object>(item: Read<T>): item is RecordProblem => 'reason' in item;

export interface ImportSource {
  /** The entries the records are read from (problems included): for progress and messages. */
  size: number;
  /** Entries left out on purpose (other post types, cancelled…): counted as skipped. */
  skipped: number;
  /** Problems found while the file was checked, reported before anything is written. */
  problems: RecordProblem[];
  /** The highest post ID a record of the file wants to keep (see reserveWantedIds); 0 for none. */
  highestWantedId: number;
  categories(): AsyncIterable<Read<TermRecord>>;
  tags(): AsyncIterable<Read<TermRecord>>;
  venues(): AsyncIterable<Read<VenueRecord>>;
  organizers(): AsyncIterable<Read<OrganizerRecord>>;
  events(): AsyncIterable<Read<EventRecord>>;
}

/** The highest of these wanted post IDs that is one; 0 for none. */
export function highestId(ids: Iterable<number | undefined>): number {
  let highest = 0;
  for (const id of ids) if (id !== undefined && Number.isSafeInteger(id) && id > highest) highest = id;
  return highest;
}

/** The items, as a stream. */
export async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

/** A batch read at once (the formats that are small: iCalendar), as a source. */
export function batchSource(batch: ImportBatch): ImportSource {
  const { venues, organizers, categories, tags, events } = batch;
  return {
    size: venues.length + organizers.length + categories.length + tags.length + events.length,
    skipped: batch.skipped ?? 0,
    problems: batch.problems,
    highestWantedId: highestId([...venues, ...organizers, ...events].map((record) => record.wantedId)),
    categories: () => each(categories),
    tags: () => each(tags),
    venues: () => each(venues),
    organizers: () => each(organizers),
    events: () => each(events),
  };
}

/** The items in arrays of `size` (the last may be shorter), read as each array is asked for. */
export async function* inChunks<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let chunk: T[] = [];
  for await (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}
