// The request context imports and exports run in: the site settings, a system user with the
// administrator's capabilities (as `wpcal serve --seed` uses), the clock, and services bound to
// the current transaction so every write helper reads and writes inside it.
import { buildUser } from '../auth/capabilities.ts';
import type { Db } from '../data/connect.ts';
import type { RestRequest } from '../rest/context.ts';
import { buildServices } from '../services.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { Writer } from '../data/executor.ts';

export interface TransferContext {
  db: Db;
  site: SiteSettings;
  now: Date;
  /** A request as the REST write helpers expect it, acting as the system user through `trx`. */
  request(trx: Writer): RestRequest;
}

/** `http://HOST:PORT` as `wpcal serve` would listen, for a database without a `home` option. */
function fallbackHome(): string {
  return `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8080'}`;
}

export async function transferContext(db: Db, now = new Date()): Promise<TransferContext> {
  const services = buildServices(db, { fallbackHome, siteUrl: process.env.WPCAL_SITE_URL || undefined, now: () => now });
  const site = await services.site.get();
  const user = buildUser(0, 'wpcal-import', { administrator: true }, await services.roles());
  return {
    db,
    site,
    now,
    request: (trx) => ({
      method: 'POST',
      route: '',
      params: new Map(),
      supplied: new Set(),
      query: {},
      headers: {},
      user,
      site,
      services: { ...services, db: { ...db, kysely: trx } },
      now,
      dataVersion: Promise.resolve(null),
    }),
  };
}
