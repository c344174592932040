// Categories and tags of an import: batch term records matched by slug or name (updated) or
// created, and the term references of events resolved once per distinct name.
import { CATEGORIES, TAGS, type TaxonomyDefinition } from '../domain/terms/definition.ts';
import { sanitizeTermName } from '../domain/terms/sanitize.ts';
import { createTerm, editTerm, resolveTermsForWrite } from '../domain/terms/writes.ts';
import type { Writer } from '../data/executor.ts';
import { findTermByName, findTermBySlug, type Term } from '../data/terms.ts';
import { sanitizeTitle } from '../text/sanitize.ts';
import type { TermRecord } from './records.ts';
import { Tally, isRecordError, reasonOf } from './tally.ts';
import { isProblem, type Read } from './source.ts';
import { RECORDS_PER_UNIT, StagedCount, StagedMap, type Units } from './staged.ts';
import { chunked } from '../data/bulk-insert.ts';

export class TermResolver {
  /** Batch keys → terms, per taxonomy. */
  private readonly byKey = new Map<string, StagedMap<string, Term>>();
  /** Lower-cased names → terms, per taxonomy (null: the reference resolves to nothing). */
  private readonly byName = new Map<string, StagedMap<string, Term | null>>();
  private readonly createdByResolve: StagedCount;

  constructor(private readonly units: Units) {
    this.createdByResolve = units.track(new StagedCount());
    for (const { taxonomy } of Object.values(TAXONOMIES)) {
      this.byKey.set(taxonomy, units.track(new StagedMap()));
      this.byName.set(taxonomy, units.track(new StagedMap()));
    }
  }

  /** How many terms resolve() has created so far. */
  get created(): number {
    return this.createdByResolve.value;
  }

  private keys(def: TaxonomyDefinition): StagedMap<string, Term> {
    return this.byKey.get(def.taxonomy)!;
  }

  private async existing(trx: Writer, def: TaxonomyDefinition, record: TermRecord): Promise<Term | undefined> {
    const slug = sanitizeTitle(record.slug ?? record.name);
    return (slug ? await findTermBySlug(trx, def.taxonomy, slug) : undefined)
      ?? findTermByName(trx, def.taxonomy, sanitizeTermName(record.name));
  }

  private async applyOne(trx: Writer, def: TaxonomyDefinition, record: TermRecord, parent: number | undefined, tally: Tally): Promise<void> {
    const input = { name: record.name, slug: record.slug, description: record.description, parent };
    const found = await this.existing(trx, def, record);
    const term = found
      ? await editTerm(trx, def, found, { description: record.description, parent })
      : await createTerm(trx, def, input, record.wantedId);
    if (found) tally.updated++;
    else tally.created++;
    this.keys(def).set(record.key, term);
  }

  /**
   * Applies the file's term records, parents before children, RECORDS_PER_UNIT in each unit of
   * writes: read whole first (a parent may follow its children; a calendar has few terms).
   */
  async applyRecords(def: TaxonomyDefinition, records: AsyncIterable<Read<TermRecord>>, where: (record: TermRecord) => string, tally: Tally): Promise<void> {
    let pending: TermRecord[] = [];
    for await (const record of records) {
      if (isProblem(record)) tally.fail(record.where, record.reason);
      else pending.push(record);
    }
    while (pending.length) {
      const ready = pending.filter((record) => record.parentKey === undefined || this.keys(def).has(record.parentKey));
      if (!ready.length) {
        for (const record of pending) tally.fail(where(record), `unknown parent "${record.parentKey}"`);
        return;
      }
      for (const part of chunked(ready, RECORDS_PER_UNIT)) tally.add(await this.units.run((trx) => this.applyPart(trx, def, part, where)));
      const applied = new Set(ready);
      pending = pending.filter((record) => !applied.has(record));
    }
  }

  private async applyPart(trx: Writer, def: TaxonomyDefinition, records: readonly TermRecord[], where: (record: TermRecord) => string): Promise<Tally> {
    const done = new Tally();
    for (const record of records) {
      const parent = record.parentKey === undefined ? undefined : this.keys(def).get(record.parentKey)!.term_id;
      try {
        await this.applyOne(trx, def, record, parent, done);
      } catch (error) {
        if (!isRecordError(error)) throw error;
        done.fail(where(record), reasonOf(error));
      }
    }
    return done;
  }

  /**
   * The terms events name: batch keys first, else an existing term by slug or name, else a new
   * term with that name (what an event write through the API does, events.md §6.2).
   */
  async resolve(trx: Writer, def: TaxonomyDefinition, refs: readonly string[]): Promise<Term[]> {
    const names = this.byName.get(def.taxonomy)!;
    const terms = new Map<number, Term>();
    for (const ref of refs) {
      let term: Term | null | undefined = this.keys(def).get(ref);
      if (term === undefined) {
        const lower = ref.trim().toLowerCase();
        term = names.get(lower);
        if (term === undefined) {
          term = (await resolveTermsForWrite(trx, def, [ref], () => this.createdByResolve.add()))[0] ?? null;
          names.set(lower, term);
        }
      }
      if (term) terms.set(term.term_id, term);
    }
    return [...terms.values()];
  }
}

export const TAXONOMIES = { categories: CATEGORIES, tags: TAGS } as const;
