// Create, update, trash and inline creation of venues and organizers (venues-organizers.md §7–8).
// A resetting update (POST, PUT) resets the omitted map flags, state/province and image as the
// plugin's does; a keeping one (PATCH) changes only the fields sent. Neither changes an omitted
// status (spec README).
import type { NewPost, PostRow } from '../../data/tables.ts';
import { RestError } from '../errors.ts';
import type { Reader, Writer } from '../../data/executor.ts';
import { postsWithText } from '../../data/linked-posts.ts';
import { deleteMetaWithValue } from '../../data/post-queries.ts';
import { addMeta, deleteMeta, firstMeta, getPost, loadPostMeta, setMeta } from '../../data/posts.ts';
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
async function writeVenueRules(trx: Writer, id: number, values: WriteValues, omitted: Omitted): Promise<void> {
  for (const [arg, key, legacy] of [['show_map', '_VenueShowMap', '_EventShowMap'], ['show_map_link', '_VenueShowMapLink', '_EventShowMapLink']] as const) {
    if (omitted === 'keep' && !sent(values, arg)) continue;
    const stored = sent(values, arg) && !isTribeTruthy(values.get(arg)) ? 'false' : '1';
    await setMeta(trx, id, key, stored);
    await setMeta(trx, id, legacy, stored);
  }
  const touched = ['stateprovince', 'state', 'province', 'country'].some((name) => sent(values, name));
  if (omitted === 'keep' && !touched) return;
  const current = omitted === 'reset' ? new Map<string, string[]>() : await loadPostMeta(trx, id);
  const pick = (name: string, key: string) => (sent(values, name) ? sanitizeTextField(text(values, name)) : (firstMeta(current, key) ?? ''));
  const explicit = sent(values, 'stateprovince') ? sanitizeTextField(text(values, 'stateprovince')) : '';
  await setMeta(trx, id, '_VenueStateProvince', stateProvince(
    explicit, pick('state', '_VenueState'), pick('province', '_VenueProvince'), pick('country', '_VenueCountry'),
  ));
}

/** Meta of the sent fields, the venue rules and the sent image. */
async function writeMeta(trx: Writer, definition: LinkedPostDefinition, req: WriteContext, id: number, values: WriteValues, omitted: Omitted): Promise<void> {
  for (const field of definition.fields) {
    if (field.name === 'stateprovince' || !sent(values, field.name)) continue;
    await setMeta(trx, id, field.metaKey, sanitizeTextField(text(values, field.name)));
  }
  if (definition.venueRules) await writeVenueRules(trx, id, values, omitted);
  if (!sent(values, 'image')) return;
  const image = await imageAttachmentFor(trx, req, values.get('image'));
  if (image) await setMeta(trx, id, '_thumbnail_id', String(image));
  else await deleteMeta(trx, id, '_thumbnail_id');
}

/**
 * Duplicate avoidance (§7.3 step 1): a non-trashed post of the type with the same title and, when
 * a description is given, the same content (both case-insensitive). Unlike the plugin, only a
 * post the caller may edit is reused, so nobody rewrites (or reads) someone else's post this way.
 */
async function findDuplicate(trx: Reader, definition: LinkedPostDefinition, req: WriteContext, values: WriteValues): Promise<PostRow | undefined> {
  const description = text(values, 'description');
  const candidates = await postsWithText(trx, {
    postType: definition.postType.type,
    exceptStatus: 'trash',
    title: text(values, definition.singular),
    content: description === '' ? undefined : description,
  });
  for (const post of candidates) {
    const meta = await loadPostMeta(trx, Number(post.ID));
    if (userCanLinked(definition, req, 'edit_post', post, meta)) return post;
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
 * go to a newly inserted row as given (imports keeping a post ID).
 */
export async function createLinkedPost(trx: Writer, definition: LinkedPostDefinition, req: WriteContext, values: WriteValues, columns?: Partial<NewPost>): Promise<PostRow> {
  const duplicate = await findDuplicate(trx, definition, req, values);
  const post = duplicate ?? await insertTypedPost(trx, req, definition.postType, { ...postInput(definition, values, true), columns });
  if (!post.ID) throw couldNotCreate(definition);
  await writeMeta(trx, definition, req, Number(post.ID), values, 'reset');
  if (!duplicate) await addMeta(trx, Number(post.ID), definition.originMetaKey, TEC_ORIGIN);
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
  await updateTypedPost(trx, req, definition.postType, post, postInput(definition, values, false));
  await writeMeta(trx, definition, req, id, values, omitted);
  if (omitted === 'reset' && !sent(values, 'image')) await deleteMeta(trx, id, '_thumbnail_id');
  return (await getPost(trx, id))!;
}

/**
 * DELETE: trash the post and remove every event link pointing at it (the plugin removes all links
 * of only the first page of published events; wpcal unlinks every event, and only this item).
 */
export async function trashLinkedPost(trx: Writer, definition: LinkedPostDefinition, req: WriteContext, post: PostRow): Promise<PostRow> {
  await trashTypedPost(trx, req, post);
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
