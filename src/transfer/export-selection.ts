// Which posts an export reads: its filters resolved (dates parsed, terms looked up) into a
// PostSelection, whose SQL (data/post-selection.ts) walks the posts' primary key page by page.
import type { MetaProbe, PostSelection } from '../data/post-selection.ts';
import { EVENT_TYPE, LISTED_BY_DEFAULT } from '../domain/post-types.ts';
import { CATEGORIES, TAGS, type TaxonomyDefinition } from '../domain/terms/definition.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { Reader } from '../data/executor.ts';
import { termsByIds } from '../data/term-queries.ts';
import { findTermBySlug, withDescendants } from '../data/terms.ts';
import { parseInZone } from '../time/parse.ts';
import { ExportFilterError } from './export-filter-error.ts';

export interface ExportFilters {
  /** Events ending on or after this date (strtotime text, site time zone). */
  startDate?: string;
  /** Events starting on or before this date. */
  endDate?: string;
  /** Post statuses; all but trash and auto-draft by default. */
  status?: string[];
  /** Category / tag slugs or IDs (with their descendants). */
  category?: string[];
  tag?: string[];
  venue?: number[];
  organizer?: number[];
  /** Only these post IDs (the iCalendar feed reads the page GET /events selected). */
  ids?: number[];
}

/**
 * No filter given: the export is a backup of the whole calendar, so it also holds the venues,
 * organizers and terms no exported event uses.
 */
export function selectsEverything(filters: ExportFilters): boolean {
  return Object.values(filters).every((value) => value === undefined);
}

/** The filters resolved once, as the selection of `posts` rows an export reads. */
export type ExportSelection = PostSelection;

function boundDate(value: string | undefined, name: string, site: SiteSettings, now: Date): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parseInZone(value, site.timezone, now);
  if (parsed === null) throw new ExportFilterError(`--${name} "${value}" is not a date`);
  return parsed;
}

async function termTaxonomyIds(db: Reader, def: TaxonomyDefinition, refs: readonly string[], flag: string): Promise<number[]> {
  const termIds: number[] = [];
  for (const ref of refs) {
    const term = /^\d+$/.test(ref) ? { term_id: Number(ref) } : await findTermBySlug(db, def.taxonomy, ref);
    if (!term) throw new ExportFilterError(`--${flag} "${ref}" matches no ${def.taxonomy === 'post_tag' ? 'tag' : 'category'}`);
    termIds.push(term.term_id);
  }
  const all = await withDescendants(db, def.taxonomy, termIds);
  return (await termsByIds(db, def.taxonomy, all)).map((term) => term.term_taxonomy_id);
}

/** Resolves the filters; throws ExportFilterError for one that cannot be applied (bad date, unknown term). */
export async function exportSelection(db: Reader, filters: ExportFilters, site: SiteSettings, now: Date): Promise<ExportSelection> {
  const termTaxonomyIdSets: number[][] = [];
  const meta: MetaProbe[] = [];
  const start = boundDate(filters.startDate, 'start-date', site, now);
  const end = boundDate(filters.endDate, 'end-date', site, now);
  // Checked in this order, each post until one fails: term probes read one index entry, meta probes
  // every meta row of the post; a venue or organizer rules out more posts than a date bound.
  for (const [refs, def, flag] of [[filters.category, CATEGORIES, 'category'], [filters.tag, TAGS, 'tag']] as const) {
    if (refs?.length) termTaxonomyIdSets.push(await termTaxonomyIds(db, def, refs, flag));
  }
  if (filters.venue?.length) meta.push({ key: '_EventVenueID', compare: 'in', value: filters.venue.map(String) });
  if (filters.organizer?.length) meta.push({ key: '_EventOrganizerID', compare: 'in', value: filters.organizer.map(String) });
  if (start !== undefined) meta.push({ key: '_EventEndDate', compare: '>=', value: start });
  if (end !== undefined) meta.push({ key: '_EventStartDate', compare: '<=', value: end });
  return { postType: EVENT_TYPE.type, statuses: filters.status ?? LISTED_BY_DEFAULT, termTaxonomyIds: termTaxonomyIdSets, meta, ids: filters.ids };
}
