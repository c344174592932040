// What imports and exports run with: the site settings, a system user with the administrator's
// capabilities (as `wpcal serve --seed` uses), and the clock. Writes take it as their WriteContext.
import { buildUser } from '../auth/capabilities.ts';
import type { Db } from '../data/connect.ts';
import type { WriteContext } from '../domain/write-context.ts';
import { buildServices } from '../services.ts';
import type { SiteSettings } from '../site/settings.ts';

export interface TransferContext {
  db: Db;
  site: SiteSettings;
  now: Date;
  /** Who the import writes as: the system user, on this site, at `now`. */
  writer: WriteContext;
}

/** `http://HOST:PORT` as `wpcal serve` would listen, for a database without a `home` option. */
function fallbackHome(): string {
  return `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8080'}`;
}

/** `siteUrl`: the base of the URLs written (GUIDs, UIDs, links) instead of the home option. */
export async function transferContext(db: Db, options: { now?: Date; siteUrl?: string } = {}): Promise<TransferContext> {
  const now = options.now ?? new Date();
  const services = buildServices(db, { fallbackHome, siteUrl: options.siteUrl, now: () => now });
  const site = await services.site.get();
  const user = buildUser(0, 'wpcal-import', { administrator: true }, await services.roles());
  return { db, site, now, writer: { user, site, now } };
}
