// Site settings as WordPress keeps them in {prefix}options, read once and cached briefly so
// that changes made through WordPress itself show up without a restart.
import type { Reader } from '../data/executor.ts';
import { getOptions } from '../data/options.ts';
import { maybeUnserialize, type PhpValue } from '../php/serialize.ts';
import { siteTimezone } from '../time/zones.ts';
import { siteLocale } from '../i18n/locale.ts';

export interface SiteSettings {
  /** The home URL without a trailing slash: the base of every URL in responses. */
  home: string;
  siteurl: string;
  name: string;
  description: string;
  timezoneString: string;
  gmtOffset: string;
  /** timezone_string, or `UTC±N` built from gmt_offset (events.md §0). */
  timezone: string;
  prettyPermalinks: boolean;
  /** The raw posts_per_page option, as the index shows it (usually "10"). */
  postsPerPage: string;
  /** The TEC settings array (tribe_events_calendar_options), less its known date range (KNOWN_RANGE_KEYS). */
  tec: Record<string, PhpValue>;
  /** TEC's "end of day cutoff" (`multiDayCutoff`, e.g. "04:00"), when set. */
  multiDayCutoff: string | undefined;
  /** `{home}/wp-json` or `{home}/index.php?rest_route=` */
  apiRoot: string;
  /** get_locale(): the WPLANG option, en_US when empty. */
  locale: string;
  /** The comment_status a new commentable post gets (the default_comment_status option, else `open`). */
  defaultCommentStatus: string;
  /** PHP date() formats of the date_format and time_format options (WordPress's defaults when unset). */
  dateFormat: string;
  timeFormat: string;
}

const OPTION_NAMES = [
  'home', 'siteurl', 'blogname', 'blogdescription', 'timezone_string', 'gmt_offset',
  'permalink_structure', 'posts_per_page', 'tribe_events_calendar_options', 'default_comment_status',
  'date_format', 'time_format', 'WPLANG',
] as const;

/**
 * The keys of TEC's settings array that hold its known date range (domain/events/known-range.ts
 * keeps them): an event write that widens the range rewrites them. They are left out of the
 * settings, which nothing reads them through, so that such a write leaves the settings object, and
 * what is kept per settings object (answers, event representations), as it was.
 */
const KNOWN_RANGE_KEYS = ['earliest_date', 'earliest_date_markers', 'latest_date', 'latest_date_markers'];

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function buildSettings(options: Map<string, string>, fallbackHome: string, siteUrlOverride?: string): SiteSettings {
  const home = trimSlash(siteUrlOverride || options.get('home') || fallbackHome);
  const permalink = options.get('permalink_structure');
  // A database wpcal created has no permalink option: it serves pretty URLs, like the samples.
  const prettyPermalinks = permalink === undefined ? true : permalink !== '';
  const tecRaw = maybeUnserialize(options.get('tribe_events_calendar_options') ?? '');
  const tec = tecRaw && typeof tecRaw === 'object' && !Array.isArray(tecRaw) ? { ...tecRaw } : {};
  for (const key of KNOWN_RANGE_KEYS) delete tec[key];
  const timezoneString = options.get('timezone_string') ?? '';
  const gmtOffset = options.get('gmt_offset') ?? '0';
  return {
    home,
    siteurl: trimSlash(siteUrlOverride || options.get('siteurl') || home),
    name: options.get('blogname') ?? 'wpcal',
    description: options.get('blogdescription') ?? '',
    timezoneString,
    gmtOffset,
    timezone: siteTimezone(timezoneString, gmtOffset),
    prettyPermalinks,
    postsPerPage: options.get('posts_per_page') ?? '10',
    tec,
    multiDayCutoff: typeof tec.multiDayCutoff === 'string' ? tec.multiDayCutoff : undefined,
    apiRoot: prettyPermalinks ? `${home}/wp-json` : `${home}/index.php?rest_route=`,
    defaultCommentStatus: options.get('default_comment_status') ?? 'open',
    dateFormat: options.get('date_format') || 'F j, Y',
    timeFormat: options.get('time_format') || 'g:i a',
    locale: siteLocale(options.get('WPLANG')),
  };
}

export class SiteSettingsCache {
  #settings: SiteSettings | null = null;
  /** The settings object as text, to tell a reload that changed nothing. */
  #read = '';
  #loadedAt = 0;

  constructor(
    private readonly db: Reader,
    /** http://HOST:PORT of the listening socket, known only once it listens. */
    private readonly fallbackHome: () => string,
    private readonly siteUrlOverride: string | undefined,
    private readonly ttlMs = 5000,
  ) {}

  async get(): Promise<SiteSettings> {
    const now = Date.now();
    if (!this.#settings || now - this.#loadedAt > this.ttlMs) {
      const settings = buildSettings(await getOptions(this.db, OPTION_NAMES), this.fallbackHome(), this.siteUrlOverride);
      // The same settings give the same object: what is kept per settings object (answers, event
      // representations) outlives a reload that found nothing changed.
      const read = JSON.stringify(settings);
      if (!this.#settings || read !== this.#read) this.#settings = settings;
      this.#read = read;
      this.#loadedAt = now;
    }
    return this.#settings;
  }

  invalidate(): void {
    this.#settings = null;
    this.#read = '';
  }
}

/** A REST URL for a route under the API root: `/tribe/events/v1/events/5`. */
export function restUrl(site: SiteSettings, route: string): string {
  return `${site.apiRoot}${route}`;
}
