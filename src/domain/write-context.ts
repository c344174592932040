// Who writes, on which site, at what time: all that the write rules need from the caller. A REST
// request carries the three; imports and other commands build one of their own.
import type { CurrentUser } from '../auth/capabilities.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { ImageStaging } from './media.ts';

export interface WriteContext {
  /** The user acting (capabilities decide what may be published, assigned or reused); null: nobody. */
  user: CurrentUser | null;
  site: SiteSettings;
  now: Date;
  /** Where images given by URL are downloaded to before the transaction; none: URLs of existing attachments only. */
  images?: ImageStaging;
}

/**
 * What an update does with the fields it is not sent: `keep` them (PATCH, wpcal's partial
 * update), or `reset` them as the plugin's updates do (POST and PUT, spec README).
 */
export type Omitted = 'keep' | 'reset';
