// `_tribe_modified_fields`: Tribe__Tracker's note of when each field of an event, venue or
// organizer last changed, a serialized array of name => Unix time. TEC's tracker notes, as a save
// goes:
// - each meta key added, deleted, or updated to a different value (not `_edit_lock`, nor the note
//   itself), at current_time('timestamp'): the Unix time shifted by the site's UTC offset;
// - on updates, each of post_title, post_content, post_excerpt, post_status, post_type and
//   post_parent that changed, at that same time;
// - each tracked taxonomy (`post_tag`, `tribe_events_cat`) whose terms changed, at time() (UTC).
// A name noted before keeps its place in the array and gets the new time; new names go last, in
// the order the plugin's save touches them (TOUCH_ORDER). Other names the array holds keep their
// bytes.
import type { PostMeta } from '../data/posts.ts';
import type { MetaChange } from '../data/meta-changes.ts';
import { SerializedArray } from '../php/serialize.ts';
import type { SiteSettings } from '../site/settings.ts';
import { instantToWall } from '../time/zones.ts';

export const MODIFIED_FIELDS_KEY = '_tribe_modified_fields';

/** The post fields the tracker compares on updates. */
export const TRACKED_POST_FIELDS = ['post_title', 'post_content', 'post_excerpt', 'post_status', 'post_type', 'post_parent'] as const;

export type TrackedPostField = (typeof TRACKED_POST_FIELDS)[number];

const UNTRACKED_META = new Set(['_edit_lock', MODIFIED_FIELDS_KEY]);

const TRACKED_TAXONOMIES = new Set(['post_tag', 'tribe_events_cat']);

/**
 * The order in which the plugin's saves first touch each name: wp_insert_post's term links,
 * wp_trash_post's notes and slug, the fields post_updated compares, the origin added on insert,
 * then Tribe__Events__API::saveEventMeta (the date rules' deletions, the map flags, the linked
 * posts, the image, the meta tags in the plugin's order, the featured flag) or a venue's or
 * organizer's save_meta. `-key` ranks a deletion where it differs from a write.
 */
const TOUCH_ORDER = [
  'tribe_events_cat', 'post_tag',
  '_tribe_ignored_event_previous_status', '_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug',
  ...TRACKED_POST_FIELDS,
  '_EventOrigin', '_VenueOrigin', '_OrganizerOrigin',
  '-_EventAllDay', '-_EventHideFromUpcoming',
  '_EventShowMapLink', '_EventShowMap', '_EventVenueID', '_EventOrganizerID', '_thumbnail_id',
  '_EventAllDay', '_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration',
  '_EventCurrencySymbol', '_EventCurrencyCode', '_EventCurrencyPosition', '_EventCost', '_EventCostMin', '_EventCostMax',
  '_EventURL', '_EventPhone', '_EventHideFromUpcoming', '_EventTimezone', '_EventTimezoneAbbr', '_tribe_featured',
];

const RANK = new Map(TOUCH_ORDER.map((name, i) => [name, i]));

/** One name a save touched: a meta key (`deleted` when its rows went), a post field or a taxonomy. */
export interface Touch {
  name: string;
  deleted?: boolean;
}

function rank(touch: Touch): number {
  return (touch.deleted ? RANK.get(`-${touch.name}`) : undefined) ?? RANK.get(touch.name) ?? TOUCH_ORDER.length;
}

function sameValues(held: readonly string[] | undefined, wanted: readonly string[]): boolean {
  return held !== undefined && held.length === wanted.length && held.every((value, i) => value === wanted[i]);
}

/** The meta keys these changes touch on a post whose meta is `current`, in the changes' order. Pure. */
export function touchedMeta(changes: readonly MetaChange[], current: PostMeta): Touch[] {
  const rows = new Map(current);
  const touches: Touch[] = [];
  for (const change of changes) {
    const held = rows.get(change.key);
    let after: string[];
    if (change.op === 'set') after = held?.length ? held.map(() => change.value) : [change.value];
    else if (change.op === 'replace') after = change.values;
    else if (change.op === 'add') after = [...(held ?? []), change.value];
    else after = [];
    if (sameValues(held ?? [], after)) continue;
    rows.set(change.key, after);
    if (!UNTRACKED_META.has(change.key)) touches.push({ name: change.key, deleted: after.length === 0 });
  }
  return touches;
}

/** The post fields that differ between the row before and after an update. */
export function changedPostFields(before: Record<TrackedPostField, unknown>, after: Partial<Record<TrackedPostField, unknown>>): Touch[] {
  return TRACKED_POST_FIELDS
    .filter((field) => after[field] !== undefined && String(after[field]) !== String(before[field]))
    .map((name) => ({ name }));
}

/** The taxonomies among these that the tracker follows. */
export function touchedTaxonomies(taxonomies: readonly string[]): Touch[] {
  return taxonomies.filter((taxonomy) => TRACKED_TAXONOMIES.has(taxonomy)).map((name) => ({ name }));
}

/**
 * The step that writes the note after a save that touched these names, or none when it touched
 * nothing (or the stored note is not an array wpcal can keep byte for byte). Pure.
 */
export function modifiedFieldsChange(stored: string | undefined, touches: readonly Touch[], now: Date, site: SiteSettings): MetaChange | undefined {
  if (!touches.length) return undefined;
  // TEC starts over from an empty array when the stored note is not an array.
  const note = SerializedArray.parse(stored ?? '') ?? (stored?.startsWith('a:') ? null : SerializedArray.parse(''));
  if (!note) return undefined;
  const utc = Math.floor(now.getTime() / 1000);
  const local = Math.floor(instantToWall(now.getTime(), site.timezone) / 1000);
  const ordered = touches.map((touch, i) => ({ touch, i })).sort((a, b) => rank(a.touch) - rank(b.touch) || a.i - b.i);
  for (const { touch } of ordered) note.set(touch.name, TRACKED_TAXONOMIES.has(touch.name) ? utc : local);
  return { op: 'set', key: MODIFIED_FIELDS_KEY, value: note.toString() };
}
