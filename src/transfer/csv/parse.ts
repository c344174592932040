// TEC's CSV import files (events, venues or organizers, told apart by the header row: layout.ts)
// as an ImportBatch, with the plugin's value conventions: dates such as `11/19/2014` or
// `11/19/14` with a separate time column, yes/no cells as TRUE/Yes/1, comma-separated categories
// and tags, a venue named by title, the organizer cell as written (read when the event is
// written: organizer-cell.ts), time zones by name or `UTC+3:30`.
import { parse } from 'csv-parse/sync';
import { parseInZone } from '../../time/parse.ts';
import { isValidTimezone } from '../../time/zones.ts';
import { emptyBatch, type EventRecord, type ImportBatch, type OrganizerRecord, type VenueRecord } from '../records.ts';
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
  private readonly read = new Map<string, string | null>();

  constructor(private readonly now: Date, private readonly siteTimezone: string) {}

  dateTime(field: 'startDate' | 'endDate', date: string, time: string, timezone: string | undefined): string {
    const value = `${date} ${time}`.trim();
    const zone = timezone === undefined || timezone === '0' ? this.siteTimezone : timezone;
    // An unknown zone is the event write's to report; the value only has to be a date.
    const known = isValidTimezone(zone);
    const key = `${known ? zone : 'UTC'}\n${value}`;
    let parsed = this.read.get(key);
    if (parsed === undefined) {
      parsed = parseInZone(value, known ? zone : 'UTC', this.now);
      this.read.set(key, parsed);
    }
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
    description: optional(row.get('description')),
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
    description: optional(row.get('description')),
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

function readRows(text: string, file: string, only?: { to: number }): ParsedRow[] {
  try {
    return parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, ...only }) as unknown as ParsedRow[];
  } catch (error) {
    throw new CsvFileError(`${file}: not a readable CSV file (${reasonOf(error)})`);
  }
}

/** The header row of a file (empty for an empty file). */
export function readHeaderRow(text: string, file: string): string[] {
  return readRows(text, file, { to: 1 })[0]?.record ?? [];
}

export interface CsvOptions {
  now: Date;
  siteTimezone: string;
  /** `--map`: headers → the plugin's column keys. */
  columnMap: readonly MappedHeader[];
}

export function parseTecCsv(text: string, file: string, options: CsvOptions): ImportBatch {
  const rows = readRows(text, file);
  const batch = emptyBatch();
  if (!rows.length) throw new CsvFileError(`${file}: the file is empty`);
  const { kind, indexes } = resolveLayout(rows[0].record, options.columnMap, file);
  const dates = new DateReader(options.now, options.siteTimezone);
  for (const { record: cells, info } of rows.slice(1)) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const where = `${file}:${info.lines}`;
    try {
      if (kind === 'events') batch.events.push(eventRecord(rowReader('events', indexes as Map<Field<'events'>, number>, cells, where), dates));
      else if (kind === 'venues') batch.venues.push(venueRecord(rowReader('venues', indexes as Map<Field<'venues'>, number>, cells, where)));
      else batch.organizers.push(organizerRecord(rowReader('organizers', indexes as Map<Field<'organizers'>, number>, cells, where)));
    } catch (error) {
      if (!isRecordError(error)) throw error;
      batch.problems.push({ where, reason: reasonOf(error) });
    }
  }
  return batch;
}
