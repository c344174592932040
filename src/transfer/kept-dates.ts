// The modified date a file gives a post (WXR's wp:post_modified_gmt): a new post keeps it instead
// of taking its post date, so an export imported again shows the same dates.
import type { NewPost } from '../data/tables.ts';
import type { SiteSettings } from '../site/settings.ts';
import { utcToLocal } from '../time/zones.ts';

const DB_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** post_modified and post_modified_gmt for a new post, or nothing when the file gave no usable date. */
export function keptModified(modifiedUtc: string | undefined, site: Pick<SiteSettings, 'timezone'>): Partial<NewPost> {
  if (modifiedUtc === undefined || !DB_DATETIME.test(modifiedUtc)) return {};
  const local = utcToLocal(modifiedUtc, site.timezone);
  return local === null ? {} : { post_modified: local, post_modified_gmt: modifiedUtc };
}
