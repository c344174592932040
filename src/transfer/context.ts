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

export async function transferContext(db: Db, now = new Date()): Promise<TransferContext> {
  const services = buildServices(db, { fallbackHome, siteUrl: process.env.WPCAL_SITE_URL || undefined, now: () => now });
  const site = await services.site.get();
  const user = buildUser(0, 'wpcal-import', { administrator: true }, await services.roles());
  return { db, site, now, writer: { user, site, now } };
}
