// Applies one import source: terms, venues and organizers first (events refer to them), then the
// events in bulk. Bad records are counted as failed and left out; anything else (a database
// error) propagates and stops the file where it happened.
import { ORGANIZER_DEFINITION } from '../domain/organizers.ts';
import { VENUE_DEFINITION } from '../domain/venues.ts';
import { EventImporter } from './apply-events.ts';
import { LinkedPosts } from './apply-linked.ts';
import { TAXONOMIES, TermResolver } from './apply-terms.ts';
import type { TransferContext } from './context.ts';
import type { ImportSource } from './source.ts';
import type { Tally } from './tally.ts';
import { EVENT_CHUNKS_PER_UNIT, Units, type WriteUnit } from './staged.ts';
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

/**
 * Applies the source in units of writes (chunks of records, each committed on its own), so other
 * writers take turns with a long import, and counts into `tally` what committed units wrote: a
 * failure leaves the units committed before it. The records are read as the units need them.
 */
export async function applySource(unit: WriteUnit, context: TransferContext, source: ImportSource, options: ApplyOptions, tally: Tally): Promise<void> {
  const units = new Units(unit);
  tally.skipped += source.skipped;
  for (const problem of source.problems) tally.fail(problem.where, problem.reason);
  const images = new ImportImages(units, options.images, context.writer, context.db.kysely);
  const keyed = options.matchBy === 'key';
  const at = (section: string) => (record: { key: string; where?: string }) => record.where ?? `${options.file}: ${section} "${record.key}"`;
  if (options.reserveIds && source.highestWantedId) await units.run((trx) => reserveWantedIds(trx, source.highestWantedId));
  let before = 0;
  async function* counted<T>(records: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const record of records) {
      before++;
      yield record;
    }
  }
  const terms = new TermResolver(units);
  await terms.applyRecords(TAXONOMIES.categories, counted(source.categories()), at('category'), tally);
  await terms.applyRecords(TAXONOMIES.tags, counted(source.tags()), at('tag'), tally);
  const venues = new LinkedPosts(units, images, VENUE_DEFINITION, options.source, keyed);
  await venues.applyRecords(counted(source.venues()), at('venue'), tally);
  const organizers = new LinkedPosts(units, images, ORGANIZER_DEFINITION, options.source, keyed);
  await organizers.applyRecords(counted(source.organizers()), at('organizer'), tally);
  options.onProgress?.(before, source.size);
  const events = new EventImporter(units, images, { venues, organizers, terms }, {
    source: options.source,
    matchBy: keyed ? 'key' : 'title-start',
    where: at('event'),
    onProgress: (done) => options.onProgress?.(before + done, source.size),
    chunksPerUnit: EVENT_CHUNKS_PER_UNIT[context.db.dialect],
  });
  try {
    await events.apply(source.events(), tally);
  } finally {
    // Venues, organizers and terms that events named and the file did not hold are created too.
    tally.created += venues.created + organizers.created + terms.created;
  }
}
