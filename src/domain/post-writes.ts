// The wp_posts columns every TEC write (events, venues, organizers) sets the way wp_insert_post /
// wp_update_post do: status scale-back (events.md §6.2, venues-organizers.md §7.2), post dates,
// modified dates, slug, guid, comment/ping status. Meta is each resource's own business.
import type { CurrentUser } from '../auth/capabilities.ts';
import { userCan } from '../auth/capabilities.ts';
import type { NewPost, PostRow } from '../data/tables.ts';
import type { SiteSettings } from '../site/settings.ts';
import { RestError } from './errors.ts';
import { queueSetOption } from '../data/options.ts';
import type { Reader, Writer } from '../data/executor.ts';
import { addMeta, firstMeta, insertPost, loadPostMeta, lockPostForSave, uniquePostSlug, updatePost, type LockedPost, type PostFields } from '../data/posts.ts';
import { applyMetaChanges, type MetaChange } from '../data/meta-changes.ts';
import { MODIFIED_FIELDS_KEY, changedPostFields, modifiedFieldsChange, touchedMeta, type Touch } from './modified-fields.ts';
import { saveRevision } from './revisions.ts';
import { beforeCommit } from '../data/transaction.ts';
import { ksesData, ksesPost } from '../text/kses.ts';
import { sanitizeTitle } from '../text/sanitize.ts';
import { dbDatetime, parseInstant, parseInZone } from '../time/parse.ts';
import { localToUtc, utcToLocal } from '../time/zones.ts';
import { EVENT_TYPE, type PostTypeDefinition } from './post-types.ts';
import { invalidParams, isTribeTruthy } from './values.ts';
import { permalink } from './urls.ts';
import type { Omitted, WriteContext } from './write-context.ts';
import { __ } from '../i18n/phrase.ts';

export type { WriteContext };

export const ZERO_DATETIME = '0000-00-00 00:00:00';

/** Statuses whose dates "float" (no GMT date) and whose slug may stay empty or shared. */
const FLOATING = new Set(['draft', 'pending', 'auto-draft']);


/** What a write asks for; an absent key means "not sent". */
export interface PostInput {
  title?: string;
  content?: string;
  excerpt?: string;
  /** The requested slug (events); derived from the title when absent. */
  slug?: string;
  /** A registered status, as sent (scale-back is applied here). */
  status?: string;
  /** `date` as sent: a Unix timestamp or a strtotime string read in `dateZone`. */
  date?: string | number;
  /** `date_utc` as sent: a Unix timestamp or a string read as UTC. */
  dateUtc?: string | number;
  /** The zone `date` is read in (events: their `timezone`); the site zone when absent. */
  dateZone?: string;
  /** An existing user ID (validate with isUserId); the caller when absent on create. */
  author?: number;
  /** Other columns to write as given (e.g. `menu_order`). */
  columns?: Partial<NewPost>;
  /**
   * On update, when neither `date` nor `date_utc` is sent: `keep` the stored dates (the default),
   * or `reset` them to what a create without them stores, now (the plugin's event updates,
   * samples 19 and 54).
   */
  omittedDates?: Omitted;
}

/**
 * TEC's status scale-back, on `publish_tribe_events` (the event capability, for all three types):
 * allowed → the requested status or `publish`; not allowed → `draft` when absent, `pending`
 * for `publish`/`future`, any other status as requested.
 */
export function scaleBackStatus(user: CurrentUser | null, requested: string | undefined): string {
  const canPublish = userCan(user, 'publish_tribe_events');
  if (requested === undefined) return canPublish ? 'publish' : 'draft';
  if (!canPublish && (requested === 'publish' || requested === 'future')) return 'pending';
  return requested;
}

function isTimestamp(value: string | number): boolean {
  return typeof value === 'number' || /^\s*[+-]?\d+\s*$/.test(value);
}

/** `date`: a timestamp shown in the zone; a string read in the zone (an explicit offset keeps its wall time). */
function localDate(value: string | number, zone: string, now: Date): string {
  // parseInZone reads a timestamp as UTC wall time (the event-date quirk); a post date converts it.
  const parsed = parseInZone(value, isTimestamp(value) ? 'UTC' : zone, now);
  const converted = parsed !== null && isTimestamp(value) ? utcToLocal(parsed, zone) : parsed;
  if (converted === null) throw invalidParams(['date']);
  return converted;
}

/** `date_utc`: a timestamp, or a string read as UTC (an explicit offset is converted). */
function utcDate(value: string | number, now: Date): string {
  const instant = parseInstant(value, now);
  if (instant === null || Number.isNaN(instant.getTime())) throw invalidParams(['date_utc']);
  return dbDatetime(instant, 'UTC');
}

interface PostDates {
  post_date: string;
  post_date_gmt: string;
}

/** The last `now` dated, in a zone, and its dates: an import dates thousands of posts with one `now`. */
let lastNow: { time: number; zone: string; dates: PostDates } | undefined;

/** A post dated `now`: its local date in the site's zone, and that date in UTC. */
function datesOfNow(now: Date, zone: string): PostDates {
  if (lastNow?.time !== now.getTime() || lastNow.zone !== zone) {
    const local = dbDatetime(now, zone);
    lastNow = { time: now.getTime(), zone, dates: { post_date: local, post_date_gmt: localToUtc(local, zone) ?? local } };
  }
  return lastNow.dates;
}

/** wp_insert_post's date rules; `current` is the stored pair on update. */
function resolveDates(req: WriteContext, input: PostInput, status: string, current?: PostDates): PostDates {
  const siteZone = req.site.timezone;
  let local = input.date !== undefined ? localDate(input.date, input.dateZone ?? siteZone, req.now) : undefined;
  let gmt = input.dateUtc !== undefined ? utcDate(input.dateUtc, req.now) : undefined;
  if (local === undefined && gmt === undefined && current) {
    // wp_update_post: a floating draft being published gets the current date.
    const floating = current.post_date_gmt === ZERO_DATETIME && !FLOATING.has(status);
    if (!floating) return current;
  }
  if (local === undefined && gmt === undefined) {
    const now = datesOfNow(req.now, siteZone);
    return { post_date: now.post_date, post_date_gmt: FLOATING.has(status) ? ZERO_DATETIME : now.post_date_gmt };
  }
  if (local === undefined) local = utcToLocal(gmt!, siteZone) ?? gmt!;
  if (gmt === undefined) gmt = FLOATING.has(status) ? ZERO_DATETIME : (localToUtc(local, siteZone) ?? local);
  return { post_date: local, post_date_gmt: gmt };
}

/** A `publish` post dated over a minute ahead becomes `future`; a past `future` post is published. */
function applyScheduling(status: string, gmt: string, now: Date): string {
  if (gmt === ZERO_DATETIME || (status !== 'publish' && status !== 'future')) return status;
  const ahead = Date.parse(`${gmt.replace(' ', 'T')}Z`) - now.getTime();
  if (Number.isNaN(ahead)) return status;
  if (status === 'publish' && ahead >= 60_000) return 'future';
  if (status === 'future' && ahead < 60_000) return 'publish';
  return status;
}

/**
 * post_name before uniqueness: the sanitized slug or title; empty for floating statuses without
 * one. `unique` says whether it still has to be made unique among the type's posts.
 */
/** What baseSlug gives for post ID 0 when it falls back to the ID (or the title itself reads "0"). */
export const ID_FALLBACK_SLUG = '0';

export function baseSlug(id: number, wanted: string, title: string, status: string): { slug: string; unique: boolean } {
  let slug = wanted !== '' ? sanitizeTitle(wanted) : '';
  if (slug === '' && !FLOATING.has(status)) slug = sanitizeTitle(title, String(id));
  return { slug, unique: slug !== '' && !FLOATING.has(status) };
}

async function resolveSlug(db: Reader, type: PostTypeDefinition, id: number, wanted: string, title: string, status: string): Promise<string> {
  const { slug, unique } = baseSlug(id, wanted, title, status);
  return unique ? uniquePostSlug(db, slug, type.type, id) : slug;
}

/**
 * The comment_status of a new post of the type: WordPress gives a post type without comment
 * support `closed`. TEC registers comment support on events only when its "Show comments" option
 * (`showComments`) is on; venues and organizers never have it.
 */
export function commentStatus(type: PostTypeDefinition, site: Pick<SiteSettings, 'defaultCommentStatus' | 'tec'>): string {
  return type.type === 'tribe_events' && isTribeTruthy(site.tec.showComments) ? site.defaultCommentStatus : 'closed';
}

/** The guid wp_insert_post stores: the new post's get_permalink(), as its author sees it. */
export function postGuid(req: WriteContext, type: PostTypeDefinition, post: Pick<PostRow, 'ID' | 'post_status' | 'post_name'>): string {
  return permalink(req.site, type, post, true);
}

/**
 * TEC's cache key of every save of its post types (Tribe__Cache::set_last_occurrence('save_post')):
 * every writer updates that one row, so it is written as the save's last statement (beforeCommit).
 */
export function markTecPostSaved(trx: Writer, now: Date): void {
  beforeCommit(trx, 'tribe_last_save_post', (own) => queueSetOption(own, 'tribe_last_save_post', String(now.getTime() / 1000)));
}

/**
 * What a post write returns: the ID and the status it stored (the columns are written as given,
 * so no need to read the row back while its lock is held). Read the row for anything else.
 */
export type WrittenPost = Pick<PostRow, 'ID' | 'post_status'>;

/**
 * kses_init_filters(): for a user without `unfiltered_html`, the title passes wp_filter_kses and
 * the content and excerpt wp_filter_post_kses.
 */
export function withKses<T extends Pick<PostInput, 'title' | 'content' | 'excerpt'>>(user: CurrentUser | null, input: T): T {
  if (userCan(user, 'unfiltered_html')) return input;
  const filtered = { ...input };
  if (input.title !== undefined) filtered.title = ksesData(input.title);
  if (input.content !== undefined) filtered.content = ksesPost(input.content);
  if (input.excerpt !== undefined) filtered.excerpt = ksesPost(input.excerpt);
  return filtered;
}

/**
 * The wp_posts fields wp_insert_post gives a new post of the type, before it has an ID (so
 * without its slug and guid). `comments` is the type's commentStatus().
 */
export function newPostFields(req: WriteContext, type: PostTypeDefinition, sent: PostInput, comments: string): PostFields {
  const input = withKses(req.user, sent);
  const requested = scaleBackStatus(req.user, input.status);
  const dates = resolveDates(req, input, requested);
  const status = applyScheduling(requested, dates.post_date_gmt, req.now);
  return {
    ...input.columns,
    post_type: type.type,
    post_author: input.author ?? req.user?.id ?? 0,
    post_title: input.title ?? '',
    post_content: input.content ?? '',
    post_excerpt: input.excerpt ?? '',
    post_status: status,
    ...dates,
    // wp_insert_post: a new post's modified dates are its dates (an import may keep the file's).
    post_modified: input.columns?.post_modified ?? dates.post_date,
    post_modified_gmt: input.columns?.post_modified_gmt ?? dates.post_date_gmt,
    comment_status: comments,
    ping_status: 'closed',
  };
}

/** wp_insert_post for a TEC type; returns the new post's ID and status. */
export async function insertTypedPost(trx: Writer, req: WriteContext, type: PostTypeDefinition, input: PostInput): Promise<WrittenPost> {
  const fields = newPostFields(req, type, input, commentStatus(type, req.site));
  const status = fields.post_status ?? '';
  const guidOf = (ID: number, post_name: string): string => postGuid(req, type, { ID, post_status: status, post_name });
  // Made unique before the insert (no row of its own to leave out yet), so a GUID that does not
  // name the post's ID (a published post's pretty or plain permalink) goes in with the row.
  const { slug, unique } = baseSlug(0, input.slug ?? '', fields.post_title ?? '', status);
  if (slug !== ID_FALLBACK_SLUG) {
    const post_name = unique ? await uniquePostSlug(trx, slug, type.type, 0) : slug;
    const guid = guidOf(0, post_name);
    const id = await insertPost(trx, { ...fields, post_name, guid: guid === guidOf(1, post_name) ? guid : '' });
    if (guid !== guidOf(1, post_name)) await updatePost(trx, id, { guid: guidOf(id, post_name) });
    markTecPostSaved(trx, req.now);
    return { ID: id, post_status: status };
  }
  const id = await insertPost(trx, fields);
  const post_name = await resolveSlug(trx, type, id, input.slug ?? '', fields.post_title ?? '', status);
  await updatePost(trx, id, { post_name, guid: guidOf(id, post_name) });
  markTecPostSaved(trx, req.now);
  return { ID: id, post_status: status };
}

const TRASH_BOOKKEEPING = ['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug'];

/**
 * The slug a status change into or out of the trash asks for (wp_insert_post): leaving the trash
 * restores `_wp_desired_post_slug` and, as wp_untrash_post does, drops the trash bookkeeping;
 * entering it through an update keeps the slug there and suffixes `__trashed`. Returns the slug
 * (undefined: unchanged) and the names whose meta it added or removed.
 */
async function trashSlug(trx: Writer, post: PostRow, status: string): Promise<{ slug: string | undefined; touches: Touch[] }> {
  const id = Number(post.ID);
  if (post.post_status === 'trash' && status !== 'trash') {
    const meta = await loadPostMeta(trx, id);
    const changes = TRASH_BOOKKEEPING.map((key): MetaChange => ({ op: 'delete', key }));
    await applyMetaChanges(trx, id, changes, meta);
    return { slug: firstMeta(meta, '_wp_desired_post_slug') || undefined, touches: touchedMeta(changes, meta) };
  }
  if (status === 'trash' && post.post_status !== 'trash' && !post.post_name.endsWith('__trashed')) {
    await addMeta(trx, id, '_wp_desired_post_slug', post.post_name);
    return { slug: `${post.post_name}__trashed`, touches: [{ name: '_wp_desired_post_slug' }] };
  }
  return { slug: undefined, touches: [] };
}

/** What an update wrote: the post's ID and status, and what TEC's tracker notes of it (its changed fields, the trash bookkeeping). */
export interface UpdatedPost extends WrittenPost {
  touches: Touch[];
}

/** lockPostForSave for a write of the type: the latest revision too when the type keeps revisions. */
export function lockForSave(trx: Writer, type: PostTypeDefinition, id: number, metaKeys: readonly string[] | 'all' = []): Promise<LockedPost | undefined> {
  return lockPostForSave(trx, id, metaKeys, type.revisions);
}

/**
 * wp_update_post for a TEC type, changing only what `input` carries: status only when sent (then
 * scaled back), dates only when sent (or a floating draft being published, or reset on request),
 * the slug only when sent, still empty or moved by a trash transition. Modified dates are always
 * "now". A type that keeps revisions gets one as WordPress saves it.
 */
export async function updateTypedPost(
  trx: Writer, req: WriteContext, type: PostTypeDefinition, addressed: PostRow, sent: PostInput,
  /** The post as lockForSave() returned it in this transaction: no need to lock it again. */
  locked?: LockedPost,
): Promise<UpdatedPost> {
  const input = withKses(req.user, sent);
  const id = Number(addressed.ID);
  const target = locked ?? await lockForSave(trx, type, id);
  const post = target?.post ?? addressed;
  const requested = input.status !== undefined ? scaleBackStatus(req.user, input.status) : post.post_status;
  const stored = input.omittedDates === 'reset' ? undefined : { post_date: post.post_date, post_date_gmt: post.post_date_gmt };
  const dates = resolveDates(req, input, requested, stored);
  const status = applyScheduling(requested, dates.post_date_gmt, req.now);
  const title = input.title ?? post.post_title;
  const changes: Partial<NewPost> = {
    ...input.columns,
    post_status: status,
    ...dates,
    post_modified: dbDatetime(req.now, req.site.timezone),
    post_modified_gmt: dbDatetime(req.now, 'UTC'),
  };
  if (input.title !== undefined) changes.post_title = input.title;
  if (input.content !== undefined) changes.post_content = input.content;
  if (input.excerpt !== undefined) changes.post_excerpt = input.excerpt;
  if (input.author !== undefined) changes.post_author = input.author;
  const trash = await trashSlug(trx, post, status);
  const wanted = trash.slug ?? input.slug;
  if (wanted !== undefined || post.post_name === '' || FLOATING.has(post.post_status) !== FLOATING.has(status)) {
    changes.post_name = await resolveSlug(trx, type, id, wanted ?? post.post_name, title, status);
  }
  await updatePost(trx, id, changes);
  markTecPostSaved(trx, req.now);
  // The row was locked (here or by the caller), so it holds what was just written: no re-read.
  if (!target) throw RestError.withStatus('rest_post_invalid_id', __('Invalid post ID.'), 500);
  if (type.revisions) await saveRevision(trx, req, { ...post, ...changes } as PostRow, target.latestRevision ?? null);
  return { ID: id, post_status: status, touches: [...trash.touches, ...changedPostFields(post, changes)] };
}

/** The meta a trash reads before it writes: the tracker's note and TEC's note of the status. */
export const TRASH_READS = [MODIFIED_FIELDS_KEY, '_tribe_ignored_event_previous_status'];

/**
 * wp_trash_post for a TEC type: TEC's note of an event's status, the trash bookkeeping, the
 * status and slug, and what its wp_update_post writes (modified dates, TEC's cache key, the
 * tracker's note, a revision where the type keeps them).
 */
export async function trashTypedPost(
  trx: Writer, req: WriteContext, type: PostTypeDefinition, addressed: PostRow,
  /** The post as lockForSave(…, TRASH_READS) returned it in this transaction: no need to lock it again. */
  locked?: LockedPost,
): Promise<void> {
  const target = locked ?? await lockForSave(trx, type, Number(addressed.ID), TRASH_READS);
  const post = target?.post ?? addressed;
  const id = Number(post.ID);
  const meta = target?.meta ?? new Map<string, string[]>();
  const changes: MetaChange[] = [];
  // TEC remembers an event's status as it is trashed (its Ignored Events, on wp_trash_post).
  if (post.post_type === EVENT_TYPE.type) changes.push({ op: 'set', key: '_tribe_ignored_event_previous_status', value: post.post_status });
  changes.push(
    { op: 'add', key: '_wp_trash_meta_status', value: post.post_status },
    { op: 'add', key: '_wp_trash_meta_time', value: String(Math.floor(req.now.getTime() / 1000)) },
    { op: 'add', key: '_wp_desired_post_slug', value: post.post_name },
  );
  const fields = {
    post_status: 'trash',
    post_name: post.post_name ? `${post.post_name}__trashed` : post.post_name,
    post_modified: dbDatetime(req.now, req.site.timezone),
    post_modified_gmt: dbDatetime(req.now, 'UTC'),
  };
  const note = modifiedFieldsChange(firstMeta(meta, MODIFIED_FIELDS_KEY), [...touchedMeta(changes, meta), ...changedPostFields(post, fields)], req.now, req.site);
  await applyMetaChanges(trx, id, note ? [...changes, note] : changes, meta);
  await updatePost(trx, id, fields);
  markTecPostSaved(trx, req.now);
  if (type.revisions && target) await saveRevision(trx, req, { ...post, ...fields }, target.latestRevision ?? null);
}
