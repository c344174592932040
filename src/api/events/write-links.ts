// What an event write links: its venue, organizers and terms (events.md §6.1–§6.2).
import { userCan } from '../../auth/capabilities.ts';
import type { PostRow } from '../../data/tables.ts';
import type { RestRequest } from '../context.ts';
import type { Writer } from '../../data/executor.ts';
import { getPosts, postsNamedByMetaRead, type PostMeta } from '../../data/posts.ts';
import { setPostTerms, type Term } from '../../data/terms.ts';
import { termsByIdsRead } from '../../data/term-queries.ts';
import { readAhead, type ReadAhead } from '../../data/together.ts';
import { isValidInline } from '../linked-posts/args.ts';
import type { LinkedPostDefinition } from '../../domain/linked-posts/definition.ts';
import { couldNotCreate, findOrCreateLinkedPost, linkedIdOf } from '../../domain/linked-posts/writes.ts';
import type { LinkedRows } from '../../domain/events/publish-links.ts';
import { ORGANIZER_DEFINITION } from '../../domain/organizers.ts';
import { isPhpEmpty } from '../../domain/values.ts';
import { CATEGORIES, TAGS, type TaxonomyDefinition } from '../../domain/terms/definition.ts';
import { resolveTermsForWrite, termIdsNamed } from '../../domain/terms/writes.ts';
import { VENUE_DEFINITION } from '../../domain/venues.ts';
import { touchedTaxonomies, type Touch } from '../../domain/modified-fields.ts';

type Entry = unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const isIdText = (value: unknown): boolean => (typeof value === 'number' && Number.isInteger(value) && value > 0)
  || (typeof value === 'string' && /^\s*\d+\s*$/.test(value));

/** PHP-empty, or a list/object whose entries are all PHP-empty. */
function isEmptyLink(value: unknown): boolean {
  if (isPhpEmpty(value)) return true;
  const entries = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : null;
  return entries !== null && entries.every((entry) => isPhpEmpty(entry));
}

/** Every post ID the request's `venue` and `organizer` name, in any of their forms. */
function namedIds(req: RestRequest): number[] {
  return ['venue', 'organizer'].flatMap((name) => {
    const value = sentValue(req, name);
    return (Array.isArray(value) ? value : [value]).flatMap((entry) => {
      const id = isRecord(entry) ? entry.id : entry;
      return typeof id === 'string' && id.includes(',') ? id.split(',') : [id];
    });
  }).filter(isIdText).map(Number);
}

/**
 * The posts the request names as venues and organizers, and the event its path names, read once
 * (one query) by the argument checks, for them and for the permission check that follows.
 */
const namedPosts = new WeakMap<RestRequest, Promise<Map<number, PostRow>>>();

async function isPostOfType(req: RestRequest, definition: LinkedPostDefinition, value: unknown): Promise<boolean> {
  if (!isIdText(value)) return false;
  let posts = namedPosts.get(req);
  if (!posts) {
    const pathId = req.params.get('id');
    const ids = isIdText(pathId) ? [...namedIds(req), Number(pathId)] : namedIds(req);
    posts = getPosts(req.services.db.kysely, ids).then((rows) => new Map(rows.map((row) => [Number(row.ID), row])));
    namedPosts.set(req, posts);
  }
  return (await posts).get(Number(value))?.post_type === definition.postType.type;
}

/** The row of post `id` as the argument checks read it (undefined: no such post), or null when they read none. */
export async function checkedPost(req: RestRequest, id: number): Promise<PostRow | undefined | null> {
  const posts = await namedPosts.get(req);
  return posts ? posts.get(id) : null;
}

/** One entry: an ID, `{ "id": … }`, or an inline object valid as the type's create arguments. */
async function isValidEntry(req: RestRequest, definition: LinkedPostDefinition, entry: Entry): Promise<boolean> {
  if (isRecord(entry)) {
    if (entry.id !== undefined) return isPostOfType(req, definition, entry.id);
    return isValidInline(definition, req, new Map(Object.entries(entry)));
  }
  if (typeof entry === 'string' && entry.includes(',')) {
    const ids = entry.split(',').map((id) => id.trim()).filter(Boolean);
    for (const id of ids) if (!await isPostOfType(req, definition, id)) return false;
    return ids.length > 0;
  }
  return isPostOfType(req, definition, entry);
}

async function isValidLink(req: RestRequest, definition: LinkedPostDefinition, value: unknown): Promise<boolean> {
  if (isEmptyLink(value)) return true;
  const entries = Array.isArray(value) ? value : [value];
  for (const entry of entries) {
    if (isPhpEmpty(entry)) continue;
    if (!await isValidEntry(req, definition, entry)) return false;
  }
  return true;
}

export const validateVenue = (value: unknown, req: RestRequest): Promise<boolean> => isValidLink(req, VENUE_DEFINITION, value);
export const validateOrganizer = (value: unknown, req: RestRequest): Promise<boolean> => isValidLink(req, ORGANIZER_DEFINITION, value);

function sentValue(req: RestRequest, name: string): unknown {
  return req.supplied.has(name) ? req.params.get(name) : undefined;
}

/**
 * The rows of every post ID the write's `venue` and `organizer` name: those its argument checks
 * read just before, else one query. Neither read locks them (MySQL reads committed rows
 * without locks, SQLite has the file's write lock only once the transaction began); what is
 * linked is what was committed when the request came. `readBefore`: rows read earlier, kept beside them.
 */
export async function sentLinkRows(trx: Writer, req: RestRequest, readBefore: readonly PostRow[] = []): Promise<LinkedRows> {
  const entries = ['venue', 'organizer'].flatMap((name) => {
    const value = sentValue(req, name);
    return Array.isArray(value) ? value : [value];
  });
  const ids = entries.map(linkedIdOf).filter((id): id is number => id !== undefined);
  // Taken once: a transaction run again after a lost lock race reads them anew.
  const checked = await namedPosts.get(req);
  namedPosts.delete(req);
  const rows: LinkedRows = new Map(readBefore.map((post) => [Number(post.ID), post]));
  if (checked && ids.every((id) => checked.has(id))) {
    for (const id of ids) rows.set(id, checked.get(id)!);
    return rows;
  }
  for (const post of await getPosts(trx, ids)) rows.set(Number(post.ID), post);
  return rows;
}

/** The rows of the venues and organizers the event links before the write, read with the write's first read (publish-links.ts needs them). */
export function readLinkedRowsAhead(trx: Writer, postId: number): ReadAhead<PostRow[]> {
  return readAhead(trx, postsNamedByMetaRead(trx, postId, [VENUE_DEFINITION.linkMetaKey, ORGANIZER_DEFINITION.linkMetaKey]));
}

/**
 * The venue to link, or undefined when none is sent (empty values are ignored, so a venue is never
 * unlinked through the API). A list or a CSV of several IDs cannot be inserted (TEC free links one).
 * `rows` (from sentLinkRows) gains the row of a venue created inline.
 */
export async function resolveVenue(trx: Writer, req: RestRequest, rows: LinkedRows): Promise<number | undefined> {
  const value = sentValue(req, 'venue');
  if (value === undefined || value === null || isEmptyLink(value)) return undefined;
  if (Array.isArray(value) || (typeof value === 'string' && value.includes(','))) throw couldNotCreate(VENUE_DEFINITION);
  return linkRow(rows, await findOrCreateLinkedPost(trx, VENUE_DEFINITION, value, req, rows));
}

function linkRow(rows: LinkedRows, post: PostRow): number {
  rows.set(Number(post.ID), post);
  return Number(post.ID);
}

/**
 * The organizers to link, in order, or undefined when not sent; an empty value unlinks them all.
 * A lone object only works as `{ "id": … }`; a CSV string is one (unnamed, so failing) inline organizer.
 */
export async function resolveOrganizers(trx: Writer, req: RestRequest, rows: LinkedRows): Promise<number[] | undefined> {
  const value = sentValue(req, 'organizer');
  if (value === undefined || value === null) return undefined;
  if (isEmptyLink(value)) return [];
  if (typeof value === 'string' && value.includes(',')) throw couldNotCreate(ORGANIZER_DEFINITION);
  if (isRecord(value) && value.id === undefined) throw couldNotCreate(ORGANIZER_DEFINITION);
  const ids: number[] = [];
  for (const entry of Array.isArray(value) ? value : [value]) {
    if (isPhpEmpty(entry)) continue;
    const id = linkRow(rows, await findOrCreateLinkedPost(trx, ORGANIZER_DEFINITION, entry, req, rows));
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The taxonomies an event write may link, with the parameter and the capability each needs. */
const EVENT_TAXONOMIES: ReadonlyArray<[string, TaxonomyDefinition, string]> = [
  ['categories', CATEGORIES, 'edit_tribe_events'],
  ['tags', TAGS, 'edit_posts'],
];

/** The terms a write of these taxonomies' values will link by ID, per taxonomy, read with the write's first read. */
export type EventTermsAhead = ReadonlyMap<string, ReadAhead<Term[]>>;

/** The sent values of the taxonomies the user may assign (null and absent ones left out). */
function sentTermValues(req: RestRequest): Array<[TaxonomyDefinition, unknown]> {
  return EVENT_TAXONOMIES
    .map(([name, definition, capability]): [TaxonomyDefinition, unknown, string] => [definition, sentValue(req, name), capability])
    .filter(([, value, capability]) => value !== undefined && value !== null && userCan(req.user, capability))
    .map(([definition, value]) => [definition, value]);
}

/** Starts reading the terms the request names by ID (readAhead): call before the write's first read. */
export function readEventTermsAhead(trx: Writer, req: RestRequest): EventTermsAhead {
  return new Map(sentTermValues(req).map(([definition, value]) =>
    [definition.taxonomy, readAhead(trx, termsByIdsRead(trx, definition.taxonomy, termIdsNamed(value)))]));
}

/**
 * Sent `categories`/`tags` replace the event's terms, when the user may assign them. `held`: the
 * post's links by taxonomy, as read under the write's lock of the post (an empty map for a post
 * the write created); `ahead`: the terms read ahead. Returns the taxonomies whose terms changed,
 * as TEC's tracker notes them.
 */
export async function assignEventTerms(trx: Writer, req: RestRequest, postId: number, held?: ReadonlyMap<string, number[]>, ahead?: EventTermsAhead): Promise<Touch[]> {
  const changed: string[] = [];
  for (const [definition, value] of sentTermValues(req)) {
    const before = held && (held.get(definition.taxonomy) ?? []);
    const read = await ahead?.get(definition.taxonomy)?.value();
    // Each ID named to its term, or to null when the read found none.
    const readBefore = read && new Map<number, Term | null>(termIdsNamed(value).map((id) => [id, read.find((term) => term.term_id === id) ?? null]));
    if (await setPostTerms(trx, postId, definition.taxonomy, await resolveTermsForWrite(trx, definition, value, undefined, readBefore), before)) changed.push(definition.taxonomy);
  }
  return touchedTaxonomies(changed);
}

/** The linked post IDs after a write: the new links where sent, the stored ones otherwise. */
export function linkedPostsOf(meta: PostMeta, venueId: number | undefined, organizerIds: number[] | undefined): number[] {
  const stored = (key: string): number[] => (meta.get(key) ?? []).filter(isIdText).map(Number);
  return [
    ...(venueId !== undefined ? [venueId] : stored('_EventVenueID')),
    ...(organizerIds ?? stored('_EventOrganizerID')),
  ];
}
