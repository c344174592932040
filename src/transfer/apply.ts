// Applies one ImportBatch inside the caller's transaction: terms, venues and organizers first
// (events refer to them), then the events in bulk. Bad records are counted as failed and left
// out; anything else (a database error) propagates so the caller rolls the file back.
import { ORGANIZER_DEFINITION } from '../domain/organizers.ts';
import { VENUE_DEFINITION } from '../domain/venues.ts';
import type { Writer } from '../data/executor.ts';
import { EventImporter } from './apply-events.ts';
import { LinkedPosts } from './apply-linked.ts';
import { TAXONOMIES, TermResolver } from './apply-terms.ts';
import type { TransferContext } from './context.ts';
import type { ImportBatch } from './records.ts';
import { Tally } from './tally.ts';

export interface ApplyOptions {
  /** What scopes the import keys: the format (`json`, `csv`, `ics`, `wxr`). */
  source: string;
  /** `key` (import keys, then exact titles for venues/organizers) or `title` (TEC CSV: titles, events by title + start). */
  matchBy: 'key' | 'title';
  /** The file name, to say where a problem is. */
  file: string;
  onProgress?: (done: number, total: number) => void;
}

export function batchSize(batch: ImportBatch): number {
  return batch.venues.length + batch.organizers.length + batch.categories.length + batch.tags.length + batch.events.length;
}

export async function applyBatch(trx: Writer, context: TransferContext, batch: ImportBatch, options: ApplyOptions): Promise<Tally> {
  const tally = new Tally();
  tally.skipped += batch.skipped ?? 0;
  for (const problem of batch.problems) tally.fail(problem.where, problem.reason);
  const req = context.writer;
  const keyed = options.matchBy === 'key';
  const at = (section: string) => (record: { key: string; where?: string }) => record.where ?? `${options.file}: ${section} "${record.key}"`;
  const terms = new TermResolver(trx);
  await terms.applyRecords(TAXONOMIES.categories, batch.categories, at('category'), tally);
  await terms.applyRecords(TAXONOMIES.tags, batch.tags, at('tag'), tally);
  const venues = new LinkedPosts(trx, req, VENUE_DEFINITION, options.source, keyed);
  await venues.applyRecords(batch.venues, at('venue'), tally);
  const organizers = new LinkedPosts(trx, req, ORGANIZER_DEFINITION, options.source, keyed);
  await organizers.applyRecords(batch.organizers, at('organizer'), tally);
  const total = batchSize(batch);
  const before = total - batch.events.length;
  options.onProgress?.(before, total);
  const events = new EventImporter(trx, req, { venues, organizers, terms }, {
    source: options.source,
    matchBy: keyed ? 'key' : 'title-start',
    where: at('event'),
    onProgress: (done) => options.onProgress?.(before + done, total),
  });
  await events.apply(batch.events, tally);
  // Venues, organizers and terms that events named and the file did not hold are created too.
  tally.created += venues.created + organizers.created + terms.created;
  return tally;
}
