// Password-protected posts (events.md §4.7, venues-organizers.md §5.5): who may see them and the
// redacted form everyone else gets.
import { createHash, timingSafeEqual } from 'node:crypto';
import { userCanPost } from '../../auth/capabilities.ts';
import type { PostRow } from '../../data/tables.ts';
import type { RestRequest } from '../context.ts';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Exact, case-sensitive and constant-time; an empty or non-string password never matches. */
function passwordMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(given), digest(expected)) && given === expected;
}

/**
 * Whether the request may see the post: it has no password, the `password` parameter equals it,
 * or `context=edit` with edit_post on it (for posts of the type with capability plural `plural`).
 * The post-password cookie is not supported.
 */
export function canSeeProtected(req: RestRequest, post: PostRow, plural: string, trashedFrom?: string | null): boolean {
  if (post.post_password === '') return true;
  if (passwordMatches(req.params.get('password'), post.post_password)) return true;
  return req.params.get('context') === 'edit' && userCanPost('edit_post', req.user, {
    post_author: Number(post.post_author),
    post_status: post.post_status,
    trashedFrom,
  }, plural);
}

// cost_details is rebuilt with the plugin's own (different) key order.
const REPLACEMENTS: Readonly<Record<string, () => unknown>> = {
  description: () => '',
  excerpt: () => '',
  cost: () => '',
  website: () => '',
  email: () => '',
  phone: () => '',
  address: () => '',
  city: () => '',
  country: () => '',
  province: () => '',
  stateprovince: () => '',
  zip: () => '',
  image: () => false,
  all_day: () => null,
  show_map: () => null,
  show_map_link: () => null,
  hide_from_listings: () => null,
  sticky: () => null,
  featured: () => null,
  geo_lat: () => 0,
  geo_lng: () => 0,
  cost_details: () => ({ currency_symbol: '', currency_position: '', currency_code: '', values: [] }),
  categories: () => [],
  tags: () => [],
  venue: () => [],
  organizer: () => [],
  custom_fields: () => [],
};

/** The form of a protected post nobody unlocked: the keys of the table replaced, in place. */
export function redactProtected(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    const replace = REPLACEMENTS[key];
    out[key] = replace ? replace() : value;
  }
  return out;
}
