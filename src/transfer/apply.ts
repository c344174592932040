// Applies one ImportBatch: terms, venues and organizers first (events refer to them), then the
// events in bulk. Bad records are counted as failed and left out; anything else (a database
// error) propagates and stops the file where it happened.
import { ORGANIZER_DEFINITION } from '../domain/organizers.ts';
import { VENUE_DEFINITION } from '../domain/venues.ts';
import { EventImporter } from './apply-events.ts';
import { LinkedPosts } from './apply-linked.ts';
import { TAXONOMIES, TermResolver } from './apply-terms.ts';
import type { TransferContext } from './context.ts';
import type { ImportBatch } from './records.ts';
import type { Tally } from './tally.ts';
import { Units, type WriteUnit } from './staged.ts';
import { reserveWantedIds } from './allocate.ts';
import { ImportImages } from './images.ts';
import type { MediaLibrary } from '../domain/media.ts';

export interface ApplyOptions {
  /** What scopes the import keys: the format (`json`, `csv`, `ics`, `wxr`). */
  source: string;
  /** `key` (import keys, then exact titles for venues/organizers) or `title` (TEC CSV: titles, events by title + start). */
  matchBy: 'key' | 'title';
  /** The file name, to say where a problem is. */
  file: string;
  /** Where images given by URL are downloaded to; null: none is (`--no-images`, dry runs). */
  images: MediaLibrary | null;
  onProgress?: (done: number, total: number) => void;
  /**
   * Keep the records' wanted IDs free (see reserveWantedIds). Not in a dry run: MySQL does not
   * roll its auto-increment counter back, so a reservation would outlast the rollback.
   */
  reserveIds: boolean;
}

export function batchSize(batch: ImportBatch): number {
  return batch.venues.length + batch.organizers.length + batch.categories.length + batch.tags.length + batch.events.length;
}

/**
 * Applies the batch in units of writes (chunks of records, each committed on its own), so other
 * writers take turns with a long import, and counts into `tally` what committed units wrote: a
 * failure leaves the units committed before it.
 */
export async function applyBatch(unit: WriteUnit, context: TransferContext, batch: ImportBatch, options: ApplyOptions, tally: Tally): Promise<void> {
  const units = new Units(unit);
  tally.skipped += batch.skipped ?? 0;
  for (const problem of batch.problems) tally.fail(problem.where, problem.reason);
  const images = new ImportImages(units, options.images, context.writer, context.db.kysely);
  const keyed = options.matchBy === 'key';
  const at = (section: string) => (record: { key: string; where?: string }) => record.where ?? `${options.file}: ${section} "${record.key}"`;
  const wanted = [...batch.venues, ...batch.organizers, ...batch.events].map((record) => record.wantedId);
  if (options.reserveIds) await units.run((trx) => reserveWantedIds(trx, wanted));
  const terms = new TermResolver(units);
  await terms.applyRecords(TAXONOMIES.categories, batch.categories, at('category'), tally);
  await terms.applyRecords(TAXONOMIES.tags, batch.tags, at('tag'), tally);
  const venues = new LinkedPosts(units, images, VENUE_DEFINITION, options.source, keyed);
  await venues.applyRecords(batch.venues, at('venue'), tally);
  const organizers = new LinkedPosts(units, images, ORGANIZER_DEFINITION, options.source, keyed);
  await organizers.applyRecords(batch.organizers, at('organizer'), tally);
  const total = batchSize(batch);
  const before = total - batch.events.length;
  options.onProgress?.(before, total);
  const events = new EventImporter(units, images, { venues, organizers, terms }, {
    source: options.source,
    matchBy: keyed ? 'key' : 'title-start',
    where: at('event'),
    onProgress: (done) => options.onProgress?.(before + done, total),
  });
  try {
    await events.apply(batch.events, tally);
  } finally {
    // Venues, organizers and terms that events named and the file did not hold are created too.
    tally.created += venues.created + organizers.created + terms.created;
  }
}
