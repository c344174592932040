// The write endpoints of events: create, update (by ID and by slug), trash (events.md §1, §6–§8).
// POST and PUT updates reset omitted fields as the plugin's do; wpcal's deviations (README.md,
// "Compatibility notes"): PATCH changes only the fields sent, an end before the start is a 400,
// and a by-slug write whose slug matches nothing never touches a row.
import { userCan, userCanPost } from '../../auth/capabilities.ts';
import type { PostRow } from '../../data/tables.ts';
import type { ArgSpecs } from '../args.ts';
import { omittedFields, writeRequest, type RestRequest } from '../context.ts';
import { RestError, forbidden } from '../../domain/errors.ts';
import { respond, type Endpoint, type RestResult } from '../registry.ts';
import type { Reader, Writer } from '../../data/executor.ts';
import { firstMeta, getPost, loadPostMeta, type LockedPost, type PostMeta } from '../../data/posts.ts';
import { recountPostTerms } from '../../data/terms.ts';
import { namesWhatItTouches, touches } from '../../data/transaction.ts';
import { computeEventDates, type EventDates } from '../../time/event-dates.ts';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE } from '../../domain/post-types.ts';
import { imageAttachmentFor, resolveImageInput } from '../../domain/images.ts';
import { TRASH_READS, insertTypedPost, lockForSave, trashTypedPost, updateTypedPost, type PostInput } from '../../domain/post-writes.ts';
import { answeredEvent, findEventBySlug, rememberAnsweredEvent } from './lookup.ts';
import { buildEventsById } from './present.ts';
import { BY_ID_ARGS, BY_SLUG_ARGS } from './read.ts';
import {
  costEntries, forCreate, forUpdate, storedDates, syncOccurrence, websiteValue, writeEventMeta, type EventMetaChanges,
} from '../../domain/events/storage.ts';
import type { Omitted } from '../../domain/write-context.ts';
import {
  assignEventTerms, checkedPost, readEventTermsAhead, readLinkedRowsAhead, linkedPostsOf, resolveOrganizers, resolveVenue, sentLinkRows, validateOrganizer, validateVenue,
} from './write-links.ts';
import { publishLinkedPosts } from '../../domain/events/publish-links.ts';
import { eventSaveStep, keepKnownRange, type SavedDates } from '../../domain/events/known-range.ts';
import { invalidParams, isPhpEmpty } from '../../domain/values.ts';
import { eventWriteArgs } from './write-args.ts';
import { __ } from '../../i18n/phrase.ts';

const PLURALS: Record<string, string> = {
  [EVENT_TYPE.type]: EVENT_TYPE.plural,
  [VENUE_TYPE.type]: VENUE_TYPE.plural,
  [ORGANIZER_TYPE.type]: ORGANIZER_TYPE.plural,
};

async function isImageOrEmpty(value: unknown, req: RestRequest): Promise<boolean> {
  return (await resolveImageInput(req.services.db.kysely, value, req)).kind !== 'invalid';
}

const writeArgs = (required: boolean): ArgSpecs<RestRequest> => eventWriteArgs(required, {
  image: isImageOrEmpty, venue: validateVenue, organizer: validateOrganizer,
});

/** The general capability, as a permission outcome. */
function general(req: RestRequest, capability: string): boolean | RestError {
  return userCan(req.user, capability) || forbidden(req.user !== null);
}

async function trashedFrom(db: Reader, post: PostRow): Promise<string | undefined> {
  if (post.post_status !== 'trash') return undefined;
  return firstMeta(await loadPostMeta(db, Number(post.ID)), '_wp_trash_meta_status');
}

/** The event a by-ID or by-slug route addresses; by slug, a body `slug` wins over the path (§7.5). */
async function addressedPost(req: RestRequest, bySlug: boolean): Promise<PostRow | undefined> {
  if (!bySlug) {
    const id = Number(req.params.get('id'));
    const answered = answeredEvent(req, id);
    if (answered) return answered;
    const checked = await checkedPost(req, id);
    return checked === null ? getPost(req.services.db.kysely, id) : checked;
  }
  const slug = req.params.get('slug');
  return typeof slug === 'string' ? findEventBySlug(req, slug) : undefined;
}

/**
 * The meta capability on the addressed post, else the general capability (so the handler can
 * 404). The plugin checks only the general capability by slug; wpcal keeps the ownership check
 * there too (spec README: never skip an ownership check).
 */
function objectPermission(meta: 'edit_post' | 'delete_post', capability: string, bySlug: boolean) {
  return async (req: RestRequest): Promise<boolean | RestError> => {
    // Anonymous callers hold no capability: skip the lookups (this runs for every Allow header).
    if (req.user === null) return forbidden(false);
    const db = req.services.db.kysely;
    const post = await addressedPost(req, bySlug);
    if (!post) return general(req, capability);
    const allowed = userCanPost(meta, req.user, {
      post_author: Number(post.post_author), post_status: post.post_status, trashedFrom: await trashedFrom(db, post),
    }, PLURALS[post.post_type] ?? 'posts');
    return allowed || forbidden(req.user !== null);
  };
}

const notFound = (id: number): RestError => RestError.withStatus('rest-event-not-found', __('Event with ID %s does not exist.', id), 404);

/** A post a write may change: it exists (else 404) and is an event (else 400). */
function asEvent(post: PostRow | undefined, notFoundId: number): PostRow {
  if (!post) throw notFound(notFoundId);
  if (post.post_type !== EVENT_TYPE.type) {
    throw RestError.withStatus('rest-invalid-event-id', __('The specified ID is not a valid event.'), 400);
  }
  return post;
}

/**
 * The ID of the event a by-ID or by-slug write targets. By slug it takes a lookup (an unknown slug
 * is a 404 for ID 0, §7.5); by ID the write checks the row once it holds its lock.
 */
async function targetEventId(req: RestRequest, bySlug: boolean): Promise<number> {
  if (!bySlug) return Number(req.params.get('id'));
  return Number(asEvent(await addressedPost(req, true), 0).ID);
}

/** The target event's row (with its meta of `metaKeys`, or all of it, and its latest revision), locked for the rest of the transaction. */
async function lockEvent(trx: Writer, postId: number, bySlug: boolean, metaKeys: readonly string[] | 'all' = []): Promise<LockedPost> {
  const locked = await lockForSave(trx, EVENT_TYPE, postId, metaKeys);
  asEvent(locked?.post, bySlug ? 0 : postId);
  return locked!;
}

/** The answer to a write of the event: `links` are the posts the write left it linked to, read with it. */
async function present(req: RestRequest, id: number, status: number, links: readonly number[] = []): Promise<RestResult> {
  const [presented] = await buildEventsById(req, [id], { single: false }, links);
  if (!presented) throw RestError.withStatus('event-not-found', __('The requested post ID does not exist or is not an event'), 500);
  rememberAnsweredEvent(req, presented.post);
  return respond(presented.event, status);
}

/** A parameter the client sent with a non-null value. */
function sent(req: RestRequest, name: string): boolean {
  return req.supplied.has(name) && req.params.get(name) !== null && req.params.get(name) !== undefined;
}

function sentString(req: RestRequest, name: string): string | undefined {
  return sent(req, name) ? String(req.params.get(name)) : undefined;
}

function sentBoolean(req: RestRequest, name: string): boolean | undefined {
  return sent(req, name) ? req.params.get(name) === true : undefined;
}

function sentDate(req: RestRequest, name: string): string | number | undefined {
  const value = req.params.get(name);
  return sent(req, name) && (typeof value === 'string' || typeof value === 'number') ? value : undefined;
}

/** The zone `date` is read in and the event zone: the request's `timezone` when not PHP-empty. */
function requestedZone(req: RestRequest): string | undefined {
  const zone = req.params.get('timezone');
  return typeof zone === 'string' && !isPhpEmpty(zone) ? zone : undefined;
}

/** The post columns a write sends; `reset`: an omitted `sticky` is false, omitted post dates are now. */
function postInput(req: RestRequest, withSlug: boolean, omitted: Omitted): PostInput {
  const sticky = omitted === 'reset' ? req.params.get('sticky') === true : sentBoolean(req, 'sticky');
  const author = sentString(req, 'author');
  return {
    title: sentString(req, 'title'),
    content: sentString(req, 'description'),
    excerpt: sentString(req, 'excerpt'),
    slug: withSlug ? sentString(req, 'slug') : undefined,
    status: sentString(req, 'status'),
    date: sentDate(req, 'date'),
    dateUtc: sentDate(req, 'date_utc'),
    dateZone: requestedZone(req),
    author: author === undefined ? undefined : Number(author),
    columns: sticky === undefined ? {} : { menu_order: sticky ? -1 : 0 },
    omittedDates: omitted,
  };
}

interface DatesRequest {
  start: string | number;
  end: string | number;
  allDay: boolean;
  timezone: string | undefined;
}

/** The date meta of a write, or a 400 naming the culprit (an end before the start included). */
function eventDates(req: RestRequest, input: DatesRequest): EventDates {
  const dates = computeEventDates({
    ...input, siteTimezone: req.site.timezone, now: req.now, multiDayCutoff: req.site.multiDayCutoff,
  });
  if (dates === null) {
    const culprits = ['start_date', 'end_date', 'timezone'].filter((name) => req.supplied.has(name));
    throw invalidParams(culprits.length ? culprits : ['start_date']);
  }
  if (dates.endBeforeStart) throw invalidParams(['end_date']);
  return dates;
}

/**
 * The dates of an update: recomputed from what was sent and the stored rest, or undefined if
 * untouched. An omitted `timezone` is the stored one, or the site's when omitted fields reset:
 * then the stored local times are read in the site's zone, UTC dates and TEC 6 rows included
 * (the plugin keeps the old zone's UTC dates; README, Compatibility notes).
 */
function updatedDates(req: RestRequest, meta: PostMeta, omitted: Omitted): EventDates | undefined {
  const storedStart = firstMeta(meta, '_EventStartDate');
  const datesSent = ['start_date', 'end_date', 'all_day', 'timezone'].some((name) => sent(req, name));
  const zoneKept = omitted === 'keep' || firstMeta(meta, '_EventTimezone') === req.site.timezone;
  if (!datesSent && (zoneKept || storedStart === undefined)) return undefined;
  const storedEnd = firstMeta(meta, '_EventEndDate');
  const start = sentDate(req, 'start_date') ?? storedStart ?? sentDate(req, 'end_date');
  const end = sentDate(req, 'end_date') ?? storedEnd ?? start;
  if (start === undefined || end === undefined) throw invalidParams(['start_date', 'end_date']);
  const storedAllDay = ['yes', '1', 'true'].includes((firstMeta(meta, '_EventAllDay') ?? '').toLowerCase());
  const dates = {
    start,
    end,
    allDay: sentBoolean(req, 'all_day') ?? storedAllDay,
    timezone: sent(req, 'timezone') ? String(req.params.get('timezone')) : omitted === 'keep' ? firstMeta(meta, '_EventTimezone') : undefined,
  };
  if (datesSent) return eventDates(req, dates);
  try {
    return eventDates(req, dates);
  } catch (error) {
    // Stored dates the site's zone cannot read as they are (a start in its spring-forward gap):
    // no dates were sent, so the update keeps them rather than refusing them.
    if (error instanceof RestError) return undefined;
    throw error;
  }
}

/** The event's stored dates, when it has them all. */
function storedEventDates(meta: PostMeta): SavedDates | undefined {
  const [startLocal, endLocal, startUtc, endUtc] = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC'].map((key) => firstMeta(meta, key));
  return startLocal && endLocal && startUtc && endUtc ? { startLocal, endLocal, startUtc, endUtc } : undefined;
}

/** The meta a write sends, besides dates, linked posts and image; absent when not sent. */
function sentMeta(req: RestRequest): EventMetaChanges {
  const changes: EventMetaChanges = {
    showMap: sentBoolean(req, 'show_map'),
    showMapLink: sentBoolean(req, 'show_map_link'),
    hideFromListings: sentBoolean(req, 'hide_from_listings'),
    featured: sentBoolean(req, 'featured'),
  };
  if (sent(req, 'cost')) {
    // The plugin's endpoint drops PHP-empty arguments (array_filter): a cost of "0" or 0 stores
    // no row, where imports keep it ("Free").
    const cost = req.params.get('cost');
    changes.cost = isPhpEmpty(cost) ? [] : costEntries(cost);
  }
  if (sent(req, 'website')) changes.website = websiteValue(req.params.get('website'));
  return changes;
}

/** The sent image's attachment ID (made now for a downloaded one), absent when not sent. */
async function sentThumbnail(trx: Writer, req: RestRequest): Promise<number | undefined> {
  return sent(req, 'image') ? imageAttachmentFor(trx, req, req.params.get('image')) : undefined;
}

/**
 * Tells what readers keep in memory what an event write touches (transaction.ts): the event and
 * the posts it links or shows, before and after (a linked draft it publishes, an image it
 * attaches). The terms whose counts change are told by the recount (data/terms.ts).
 */
function touchesEvent(trx: Writer, postId: number, others: ReadonlyArray<number | undefined>): void {
  namesWhatItTouches(trx);
  touches(trx, { posts: [postId, ...others.filter((id) => id !== undefined)] });
}

async function createEvent(req: RestRequest): Promise<RestResult> {
  const dates = eventDates(req, {
    start: req.params.get('start_date') as string,
    end: req.params.get('end_date') as string,
    allDay: req.params.get('all_day') === true,
    timezone: requestedZone(req),
  });
  const changes = sentMeta(req);
  const { postId: id, links } = await writeRequest(req, async (trx) => {
    const termsAhead = readEventTermsAhead(trx, req);
    // TEC resolves (and creates) the linked posts before inserting the event.
    const linkedRows = await sentLinkRows(trx, req);
    const venueId = await resolveVenue(trx, req, linkedRows);
    const organizerIds = await resolveOrganizers(trx, req, linkedRows);
    const thumbnailId = await sentThumbnail(trx, req);
    const post = await insertTypedPost(trx, req, EVENT_TYPE, postInput(req, true, 'reset'));
    const postId = Number(post.ID);
    touchesEvent(trx, postId, [venueId, ...(organizerIds ?? []), thumbnailId]);
    // wp_insert_post links the terms before TEC saves the meta.
    const terms = await assignEventTerms(trx, req, postId, new Map(), termsAhead);
    // API-created events always carry both map rows (events.md §6.2).
    await writeEventMeta(trx, req, postId, forCreate({ ...changes, thumbnailId, dates, venueId, organizerIds }), new Map(), terms);
    await syncOccurrence(trx, postId, storedDates(dates), req.now, true);
    keepKnownRange(trx, { kind: 'rebuild' });
    // Nothing was linked before a create: its linked drafts stay drafts (publish-links.ts).
    return { postId, links: linkedPostsOf(new Map(), venueId, organizerIds) };
  });
  return present(req, id, 201, links);
}

async function updateEvent(req: RestRequest, bySlug: boolean): Promise<RestResult> {
  const postId = await targetEventId(req, bySlug);
  const changes = sentMeta(req);
  const omitted = omittedFields(req);
  const links = await writeRequest(req, async (trx) => {
    const termsAhead = readEventTermsAhead(trx, req);
    const linkedBefore = readLinkedRowsAhead(trx, postId);
    // The event's row first (lock order), then what the update builds on, as now committed.
    const locked = await lockEvent(trx, postId, bySlug, 'all');
    const { post, meta } = locked;
    const dates = updatedDates(req, meta, omitted);
    const linkedRows = await sentLinkRows(trx, req, await linkedBefore.value());
    const venueId = await resolveVenue(trx, req, linkedRows);
    const organizerIds = await resolveOrganizers(trx, req, linkedRows);
    const thumbnailId = await sentThumbnail(trx, req);
    touchesEvent(trx, postId, [venueId, ...(organizerIds ?? []), thumbnailId, ...linkedPostsOf(meta, undefined, undefined)]);
    const updated = await updateTypedPost(trx, req, EVENT_TYPE, post, postInput(req, !bySlug, omitted), locked);
    const terms = await assignEventTerms(trx, req, postId, locked.termLinks, termsAhead);
    const touched = await writeEventMeta(trx, req, postId, forUpdate({ ...changes, thumbnailId, dates, venueId, organizerIds }, omitted), meta, [...terms, ...updated.touches]);
    if (dates) await syncOccurrence(trx, postId, storedDates(dates), req.now);
    if (updated.post_status !== post.post_status) await recountPostTerms(trx, postId);
    keepKnownRange(trx, eventSaveStep(req.site, postId, updated.post_status, touched, dates ?? storedEventDates(meta)));
    // The links stored before this save (publish-links.ts).
    await publishLinkedPosts(trx, req, updated, linkedPostsOf(meta, undefined, undefined), linkedRows);
    // What it links now, or may still link (the reset of a link left out is not known here).
    return linkedPostsOf(meta, venueId, organizerIds);
  });
  return present(req, postId, 200, links);
}

async function deleteEvent(req: RestRequest, bySlug: boolean): Promise<RestResult> {
  const postId = await targetEventId(req, bySlug);
  await req.services.db.write(async (trx) => {
    // Deleted for good meanwhile (WordPress emptying its trash): as if it had never been there.
    const locked = await lockEvent(trx, postId, bySlug, TRASH_READS);
    const post = locked.post;
    if (post.post_status === 'trash') throw RestError.withStatus('event-is-in-trash', __('The event is already trashed'), 410);
    touchesEvent(trx, postId, []);
    await trashTypedPost(trx, req, EVENT_TYPE, post, locked);
    await recountPostTerms(trx, Number(post.ID));
    keepKnownRange(trx, { kind: 'rebuild' });
  });
  return present(req, postId, 200);
}

export const createEventEndpoint: Endpoint<RestRequest> = {
  methods: ['POST'],
  args: writeArgs(true),
  permission: (req) => general(req, 'edit_tribe_events'),
  handler: createEvent,
};

export function updateEventEndpoint(bySlug: boolean): Endpoint<RestRequest> {
  const args = writeArgs(false);
  return {
    methods: ['POST', 'PUT', 'PATCH'],
    // By slug, the create argument `slug` takes the place of the path argument (events.md §7.5).
    args: bySlug ? { slug: args.slug!, ...args } : { ...BY_ID_ARGS, ...args },
    permission: objectPermission('edit_post', 'edit_tribe_events', bySlug),
    handler: (req) => updateEvent(req, bySlug),
  };
}

export function deleteEventEndpoint(bySlug: boolean): Endpoint<RestRequest> {
  return {
    methods: ['DELETE'],
    args: bySlug ? BY_SLUG_ARGS : BY_ID_ARGS,
    permission: objectPermission('delete_post', 'delete_tribe_events', bySlug),
    handler: (req) => deleteEvent(req, bySlug),
  };
}
