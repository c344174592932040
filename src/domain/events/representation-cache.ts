// Event representations anonymous readers share (present.ts), kept while the database's data
// version and the event's post row are those they were built from, per site settings object
// (dropped with it). One per AppServices (`eventRepresentations`, made by buildServices); nothing
// is kept or reused under a null version.
import type { SiteSettings } from '../../site/settings.ts';

const MAX_REUSED_EVENTS = 5000;

interface ReusedEvent {
  version: string;
  /** The post row the representation was built from: a different row is built again, whatever the version. */
  row: string;
  event: Record<string, unknown>;
}

export class EventRepresentationCache {
  readonly #bySite = new WeakMap<SiteSettings, Map<string, ReusedEvent>>();

  #entries(site: SiteSettings): Map<string, ReusedEvent> {
    let entries = this.#bySite.get(site);
    if (!entries) this.#bySite.set(site, entries = new Map());
    return entries;
  }

  /** The representation kept under `key` (the language, the presentation mode and post ID: costs read `Free` in the reader's language) for this version and post row. */
  get(site: SiteSettings, key: string, version: string, row: string): Record<string, unknown> | undefined {
    const entry = this.#entries(site).get(key);
    return entry && entry.version === version && entry.row === row ? entry.event : undefined;
  }

  /** Keeps a representation; the oldest go first. */
  set(site: SiteSettings, key: string, version: string, row: string, event: Record<string, unknown>): void {
    const entries = this.#entries(site);
    entries.delete(key);
    entries.set(key, { version, row, event });
    if (entries.size > MAX_REUSED_EVENTS) entries.delete(entries.keys().next().value!);
  }
}
