// Create, update, trash and inline creation of venues and organizers (venues-organizers.md §7–8).
// A resetting update (POST, PUT) resets the omitted map flags, state/province and image as the
// plugin's does; a keeping one (PATCH) changes only the fields sent. Neither changes an omitted
// status (spec README).
import type { NewPost, PostRow } from '../../data/tables.ts';
import { RestError } from '../errors.ts';
import type { Reader, Writer } from '../../data/executor.ts';
import { postsWithText } from '../../data/linked-posts.ts';
import { deleteMetaWithValue } from '../../data/post-queries.ts';
import { firstMeta, getPost, loadPostMeta, type PostMeta } from '../../data/posts.ts';
import { applyMetaChanges, type MetaChange } from '../../data/meta-changes.ts';
import { MODIFIED_FIELDS_KEY, modifiedFieldsChange, touchedMeta, type Touch } from '../modified-fields.ts';
import { sanitizeTextField } from '../../text/sanitize.ts';
import { imageAttachmentFor } from '../images.ts';
import { insertTypedPost, trashTypedPost, updateTypedPost, type PostInput } from '../post-writes.ts';
import type { Omitted, WriteContext } from '../write-context.ts';
import { isPhpEmpty, isTribeTruthy } from '../values.ts';
import type { LinkedPostDefinition } from './definition.ts';
import { userCanLinked } from './permissions.ts';
import { TEC_ORIGIN } from '../post-types.ts';

/** The write fields as they arrived (absent = not sent; JSON null counts as not sent). */
export type WriteValues = ReadonlyMap<string, unknown>;

function sent(values: WriteValues, name: string): boolean {
  return values.get(name) !== undefined && values.get(name) !== null;
}

function text(values: WriteValues, name: string): string {
  const value = values.get(name);
  return typeof value === 'string' ? value : isPhpEmpty(value) ? '' : String(value);
}

function postInput(definition: LinkedPostDefinition, values: WriteValues, creating: boolean): PostInput {
  const input: PostInput = {};
  if (sent(values, definition.singular)) input.title = text(values, definition.singular);
  // The plugin cannot clear a description with an empty value; creation stores "".
  if (sent(values, 'description') && (creating || text(values, 'description') !== '')) input.content = text(values, 'description');
  if (sent(values, 'status')) input.status = text(values, 'status');
  if (sent(values, 'author')) input.author = Number(values.get('author'));
  const date = values.get('date');
  if (typeof date === 'string' || typeof date === 'number') input.date = date;
  const dateUtc = values.get('date_utc');
  if (typeof dateUtc === 'string' || typeof dateUtc === 'number') input.dateUtc = dateUtc;
  return input;
}

/** `_VenueStateProvince`: sent value, else the state for the US (or no country), else the province. */
export function stateProvince(stateprovince: string, state: string, province: string, country: string): string {
  if (stateprovince !== '') return stateprovince;
  if (state !== '' && (country === '' || country === 'US' || country === 'United States')) return state;
  return province;
}

/** The map flags and `_VenueStateProvince`; `reset` (creates too) computes both from the sent fields alone. */
function venueRuleChanges(values: WriteValues, omitted: Omitted, current: PostMeta): MetaChange[] {
  const changes: MetaChange[] = [];
  for (const [arg, key, legacy] of [['show_map', '_VenueShowMap', '_EventShowMap'], ['show_map_link', '_VenueShowMapLink', '_EventShowMapLink']] as const) {
    if (omitted === 'keep' && !sent(values, arg)) continue;
    const stored = sent(values, arg) && !isTribeTruthy(values.get(arg)) ? 'false' : '1';
    changes.push({ op: 'set', key, value: stored }, { op: 'set', key: legacy, value: stored });
  }
  const touched = ['stateprovince', 'state', 'province', 'country'].some((name) => sent(values, name));
  if (omitted === 'keep' && !touched) return changes;
  const pick = (name: string, key: string) => (sent(values, name) ? sanitizeTextField(text(values, name)) : omitted === 'reset' ? '' : (firstMeta(current, key) ?? ''));
  const explicit = sent(values, 'stateprovince') ? sanitizeTextField(text(values, 'stateprovince')) : '';
  changes.push({ op: 'set', key: '_VenueStateProvince', value: stateProvince(
    explicit, pick('state', '_VenueState'), pick('province', '_VenueProvince'), pick('country', '_VenueCountry'),
  ) });
  return changes;
}

/** The meta steps of the sent fields, the venue rules and the sent image. */
async function metaChanges(
  trx: Writer, definition: LinkedPostDefinition, req: WriteContext, values: WriteValues, omitted: Omitted, current: PostMeta,
): Promise<MetaChange[]> {
  const changes: MetaChange[] = [];
  for (const field of definition.fields) {
    if (field.name === 'stateprovince' || !sent(values, field.name)) continue;
    changes.push({ op: 'set', key: field.metaKey, value: sanitizeTextField(text(values, field.name)) });
  }
  if (definition.venueRules) changes.push(...venueRuleChanges(values, omitted, current));
  if (sent(values, 'image')) {
    const image = await imageAttachmentFor(trx, req, values.get('image'));
    changes.push(image ? { op: 'set', key: '_thumbnail_id', value: String(image) } : { op: 'delete', key: '_thumbnail_id' });
  }
  return changes;
}

/** Writes the steps on a post whose meta is `current`, with TEC's tracker note of the save (`touches`: its other changes). */
async function writeMeta(trx: Writer, req: WriteContext, id: number, changes: MetaChange[], current: PostMeta, touches: readonly Touch[]): Promise<void> {
  const note = modifiedFieldsChange(firstMeta(current, MODIFIED_FIELDS_KEY), [...touches, ...touchedMeta(changes, current)], req.now, req.site);
  await applyMetaChanges(trx, id, note ? [...changes, note] : changes, current);
}

/**
 * Duplicate avoidance (§7.3 step 1): a non-trashed post of the type with the same title and, when
 * a description is given, the same content (both case-insensitive). Unlike the plugin, only a
 * post the caller may edit is reused, so nobody rewrites (or reads) someone else's post this way.
 */
async function findDuplicate(trx: Reader, definition: LinkedPostDefinition, req: WriteContext, values: WriteValues): Promise<{ post: PostRow; meta: PostMeta } | undefined> {
  const description = text(values, 'description');
  const candidates = await postsWithText(trx, {
    postType: definition.postType.type,
    exceptStatus: 'trash',
    title: text(values, definition.singular),
    content: description === '' ? undefined : description,
  });
  for (const post of candidates) {
    const meta = await loadPostMeta(trx, Number(post.ID));
    if (userCanLinked(definition, req, 'edit_post', post, meta)) return { post, meta };
  }
  return undefined;
}

/** 400 `could-not-create-{venue|organizer}`: a link an event write cannot make. */
export function couldNotCreate(definition: LinkedPostDefinition): RestError {
  const word = definition.singular;
  return RestError.withStatus(`could-not-create-${word}`, definition.messages.notCreated, 400);
}

/**
 * POST /venues: the created (or reused) post. Runs inside the caller's transaction. `columns`
 * go to a newly inserted row as given (imports keeping a post ID). A sent description is also
 * kept in meta, as the plugin's create saves every field it is given (a reused post's too).
 */
export async function createLinkedPost(trx: Writer, definition: LinkedPostDefinition, req: WriteContext, values: WriteValues, columns?: Partial<NewPost>): Promise<PostRow> {
  const duplicate = await findDuplicate(trx, definition, req, values);
  const post = duplicate?.post ?? await insertTypedPost(trx, req, definition.postType, { ...postInput(definition, values, true), columns });
  if (!post.ID) throw couldNotCreate(definition);
  const current = duplicate?.meta ?? new Map<string, string[]>();
  const changes = await metaChanges(trx, definition, req, values, 'reset', current);
  if (sent(values, 'description')) changes.unshift({ op: 'set', key: definition.descriptionMetaKey, value: sanitizeTextField(text(values, 'description')) });
  if (!duplicate) changes.push({ op: 'add', key: definition.originMetaKey, value: TEC_ORIGIN });
  await writeMeta(trx, req, Number(post.ID), changes, current, []);
  return (await getPost(trx, Number(post.ID)))!;
}

/**
 * POST|PUT|PATCH /venues/{id}: the sent fields change; `reset` also resets the omitted map flags
 * (on), `_VenueStateProvince` (from the sent fields only) and image (removed), as the plugin's
 * updates do (venues-organizers.md §7.4).
 */
export async function updateLinkedPost(
  trx: Writer, definition: LinkedPostDefinition, req: WriteContext, post: PostRow, values: WriteValues, omitted: Omitted,
): Promise<PostRow> {
  const id = Number(post.ID);
  const updated = await updateTypedPost(trx, req, definition.postType, post, postInput(definition, values, false));
  const current = await loadPostMeta(trx, id);
  const changes = await metaChanges(trx, definition, req, values, omitted, current);
  if (omitted === 'reset' && !sent(values, 'image')) changes.push({ op: 'delete', key: '_thumbnail_id' });
  await writeMeta(trx, req, id, changes, current, updated.touches);
  return (await getPost(trx, id))!;
}

/**
 * DELETE: trash the post and remove every event link pointing at it (the plugin removes all links
 * of only the first page of published events; wpcal unlinks every event, and only this item).
 */
export async function trashLinkedPost(trx: Writer, definition: LinkedPostDefinition, req: WriteContext, post: PostRow): Promise<PostRow> {
  await trashTypedPost(trx, req, definition.postType, post);
  await deleteMetaWithValue(trx, definition.linkMetaKey, String(post.ID));
  return (await getPost(trx, Number(post.ID)))!;
}

/** The post ID an event write's link entry names (`N`, `"N"` or `{ "id": N }`), if it names one. */
export function linkedIdOf(input: unknown): number | undefined {
  const idValue = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>).id : input;
  return (typeof idValue === 'number' || typeof idValue === 'string') && /^\s*\d+\s*$/.test(String(idValue)) ? Number(idValue) : undefined;
}

/**
 * For event writes (events.md §6.2): `{ "id": N }` or a numeric ID links an existing post of the
 * type; an inline object (already checked by isValidInline during argument validation) creates
 * one, or reuses an identical one. Anything else is a 400 `could-not-create-{venue|organizer}`.
 * `known` holds the rows of every ID the write names (read beforehand, in one query); returns the
 * linked post's row.
 */
export async function findOrCreateLinkedPost(
  trx: Writer, definition: LinkedPostDefinition, input: unknown, req: WriteContext, known: ReadonlyMap<number, PostRow>,
): Promise<PostRow> {
  const id = linkedIdOf(input);
  if (id !== undefined) {
    const post = known.get(id);
    if (post?.post_type === definition.postType.type) return post;
    throw couldNotCreate(definition);
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw couldNotCreate(definition);
  return createLinkedPost(trx, definition, req, new Map(Object.entries(input)));
}
