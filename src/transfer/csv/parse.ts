// TEC's CSV import files (events, venues or organizers, told apart by the header row: layout.ts)
// as an import source, read twice a chunk at a time: first checked whole (readable CSV, a header
// row with the required columns), then row by row as the records are written. The plugin's value
// conventions: dates such as `11/19/2014` or
// `11/19/14` with a separate time column, yes/no cells as TRUE/Yes/1, comma-separated categories
// and tags, a venue named by title, the organizer cell as written (read when the event is
// written: organizer-cell.ts), time zones by name or `UTC+3:30`.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parseInZone } from '../../time/parse.ts';
import { isValidTimezone } from '../../time/zones.ts';
import { ImportFileError, utf8Chunks, type ByteSource } from '../read-file.ts';
import { Recent } from '../recent.ts';
import type { EventRecord, OrganizerRecord, RecordProblem, VenueRecord } from '../records.ts';
import type { ImportSource, Read } from '../source.ts';
import { RecordError, isRecordError, reasonOf } from '../tally.ts';
import { readBoolean } from '../values.ts';
import { columnName, type CsvKind, type Field } from './columns.ts';
import type { MappedHeader } from './column-map.ts';
import { CsvFileError, resolveLayout } from './layout.ts';

interface Row<K extends CsvKind> {
  /** The trimmed cell of a field; '' when the column or cell is missing. */
  get(field: Field<K>): string;
  /** The cell read as yes/no; undefined when the column is missing or the cell empty. */
  flag(field: Field<K>): boolean | undefined;
  where: string;
}

function rowReader<K extends CsvKind>(kind: K, indexes: Map<Field<K>, number>, cells: string[], where: string): Row<K> {
  const get = (field: Field<K>): string => {
    const index = indexes.get(field);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  return {
    get,
    flag: (field) => (get(field) === '' ? undefined : readBoolean(get(field), columnName(kind, field))),
    where,
  };
}

const optional = (text: string): string | undefined => (text === '' ? undefined : text);
const list = (text: string): string[] | undefined => (text === '' ? undefined : text.split(',').map((item) => item.trim()).filter(Boolean));

/**
 * Reads the `date time` of the date and time cells as the event write would (strtotime text in
 * the event's zone, relative to the same now) and gives the DB datetime it comes to, so the
 * write takes it as is instead of parsing it again. Rows repeat dates: each text is read once.
 */
class DateReader {
  private readonly read = new Recent<string | null>();

  constructor(private readonly now: Date, private readonly siteTimezone: string) {}

  dateTime(field: 'startDate' | 'endDate', date: string, time: string, timezone: string | undefined): string {
    const value = `${date} ${time}`.trim();
    const zone = timezone === undefined || timezone === '0' ? this.siteTimezone : timezone;
    // An unknown zone is the event write's to report; the value only has to be a date.
    const known = isValidTimezone(zone);
    const parsed = this.read.get(`${known ? zone : 'UTC'}\n${value}`, () => parseInZone(value, known ? zone : 'UTC', this.now));
    if (parsed === null) throw new RecordError(`${columnName('events', field)} "${value}" is not a date`);
    return known ? parsed : value;
  }
}

function currencyPosition(text: string): 'prefix' | 'postfix' | undefined {
  const lower = text.toLowerCase();
  if (lower === '') return undefined;
  if (lower === 'prefix' || lower === 'before') return 'prefix';
  if (lower === 'postfix' || lower === 'suffix' || lower === 'after') return 'postfix';
  throw new RecordError(`Event Currency Position "${text}" is neither prefix nor suffix`);
}

function eventRecord(row: Row<'events'>, dates: DateReader): EventRecord {
  const title = row.get('title');
  if (title === '') throw new RecordError('Event Name is empty');
  if (row.get('startDate') === '') throw new RecordError('Event Start Date is empty');
  const timezone = optional(row.get('timezone'));
  const startTime = row.get('startTime');
  const startDate = dates.dateTime('startDate', row.get('startDate'), startTime, timezone);
  // A missing end is the start's day; a missing end time the start's time.
  const endDate = dates.dateTime('endDate', row.get('endDate') || row.get('startDate'), row.get('endTime') || startTime, timezone);
  const currencyCode = row.get('currencyCode');
  return {
    key: `${title}\n${startDate}`,
    where: row.where,
    title,
    description: optional(row.get('description')),
    excerpt: optional(row.get('excerpt')),
    startDate,
    endDate,
    allDay: row.flag('allDay'),
    timezone,
    cost: optional(row.get('cost')),
    currencySymbol: optional(row.get('currencySymbol')),
    currencyPosition: currencyPosition(row.get('currencyPosition')),
    website: optional(row.get('website')),
    featured: row.flag('featured'),
    sticky: row.flag('sticky'),
    hideFromListings: row.flag('hide'),
    showMap: row.flag('showMap'),
    showMapLink: row.flag('showMapLink'),
    venueKey: optional(row.get('venue')),
    organizerCell: optional(row.get('organizer')),
    categories: list(row.get('categories')),
    tags: list(row.get('tags')),
    meta: currencyCode === '' ? undefined : [['_EventCurrencyCode', currencyCode]],
    image: optional(row.get('image')),
  };
}

function venueRecord(row: Row<'venues'>): VenueRecord {
  const name = row.get('name');
  if (name === '') throw new RecordError('Venue Name is empty');
  const address = [row.get('address'), row.get('address2')].filter(Boolean).join(' ');
  const stateProvince = optional(row.get('stateProvince'));
  return {
    key: name,
    where: row.where,
    venue: name,
    // Sent even when empty: TEC's importer always gives its create a description.
    description: row.get('description'),
    address: optional(address),
    city: optional(row.get('city')),
    country: optional(row.get('country')),
    state: stateProvince,
    province: stateProvince,
    zip: optional(row.get('zip')),
    phone: optional(row.get('phone')),
    website: optional(row.get('website')),
    image: optional(row.get('image')),
  };
}

function organizerRecord(row: Row<'organizers'>): OrganizerRecord {
  const name = row.get('name');
  if (name === '') throw new RecordError('Organizer Name is empty');
  return {
    key: name,
    where: row.where,
    organizer: name,
    description: row.get('description'),
    email: optional(row.get('email')),
    website: optional(row.get('website')),
    phone: optional(row.get('phone')),
    image: optional(row.get('image')),
  };
}

interface ParsedRow {
  record: string[];
  info: { lines: number };
}

/** The line of a row read without lines. */
const NO_LINE = Object.freeze({ lines: 0 });

/**
 * The rows of a CSV file as they are read, with the line each ends on when `lines` (csv-parse
 * spends a fifth of its time on it); a file that is not readable CSV throws CsvFileError.
 */
async function* csvRows(bytes: ByteSource, file: string, lines = false): AsyncGenerator<ParsedRow> {
  const text = Readable.from(utf8Chunks(bytes(), file));
  const parser = parse({ bom: true, info: lines, relax_column_count: true, skip_empty_lines: true });
  text.on('error', (error) => parser.destroy(error));
  text.pipe(parser);
  try {
    for await (const row of parser) yield lines ? row as ParsedRow : { record: row as string[], info: NO_LINE };
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new CsvFileError(`${file}: not a readable CSV file (${reasonOf(error)})`);
  } finally {
    text.destroy();
    parser.destroy();
  }
}

/** The header row of a file (empty for an empty file), read alone. */
export async function readHeaderRow(bytes: ByteSource, file: string): Promise<string[]> {
  for await (const row of csvRows(bytes, file)) return row.record;
  return [];
}

export interface CsvOptions {
  now: Date;
  siteTimezone: string;
  /** `--map`: headers → the plugin's column keys. */
  columnMap: readonly MappedHeader[];
}

const isBlank = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/** The records of the rows after the header row, in a file of this layout. */
async function* records<T>(bytes: ByteSource, file: string, read: (cells: string[], where: string) => T): AsyncGenerator<Read<T>> {
  let header = true;
  for await (const { record: cells, info } of csvRows(bytes, file, true)) {
    if (header || isBlank(cells)) {
      header = false;
      continue;
    }
    const where = `${file}:${info.lines}`;
    try {
      yield read(cells, where);
    } catch (error) {
      if (!isRecordError(error)) throw error;
      yield { where, reason: reasonOf(error) } satisfies RecordProblem;
    }
  }
}

async function* none(): AsyncGenerator<never> {}

/** Checks a CSV file whole (readable, a header row of a known kind of file) and gives its records as a source. */
export async function readTecCsv(bytes: ByteSource, file: string, options: CsvOptions): Promise<ImportSource> {
  let headers: string[] | undefined;
  let rows = 0;
  for await (const { record: cells } of csvRows(bytes, file)) {
    if (headers === undefined) headers = cells;
    else if (!isBlank(cells)) rows++;
  }
  if (headers === undefined) throw new CsvFileError(`${file}: the file is empty`);
  const { kind, indexes } = resolveLayout(headers, options.columnMap, file);
  const source: ImportSource = {
    size: rows, skipped: 0, problems: [], highestWantedId: 0, categories: none, tags: none, venues: none, organizers: none, events: none,
  };
  if (kind === 'events') {
    const columns = indexes as Map<Field<'events'>, number>;
    source.events = () => {
      const dates = new DateReader(options.now, options.siteTimezone);
      return records(bytes, file, (cells, where) => eventRecord(rowReader('events', columns, cells, where), dates));
    };
  } else if (kind === 'venues') {
    const columns = indexes as Map<Field<'venues'>, number>;
    source.venues = () => records(bytes, file, (cells, where) => venueRecord(rowReader('venues', columns, cells, where)));
  } else {
    const columns = indexes as Map<Field<'organizers'>, number>;
    source.organizers = () => records(bytes, file, (cells, where) => organizerRecord(rowReader('organizers', columns, cells, where)));
  }
  return source;
}
