// ExportEvent stream → WordPress WXR 1.2, written item by item: each event with all its postmeta,
// categories and tags, preceded (the first time one is linked) by its venue and organizer items,
// and each post by its featured image's attachment item (`wp:attachment_url`, the first time);
// a backup writes every venue and organizer first. The result imports with WordPress's importer
// and back into wpcal with parseWxr.
import { stateProvince } from '../../domain/linked-posts/writes.ts';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE, type PostTypeDefinition } from '../../domain/post-types.ts';
import { CATEGORIES, TAGS } from '../../domain/terms/definition.ts';
import type { SiteSettings } from '../../site/settings.ts';
import { utcToLocal } from '../../time/zones.ts';
import type { ExportAuthor, ExportDeclarations, ExportEvent, ExportImage, ExportOrganizer, ExportTerm, ExportVenue } from '../records.ts';
import { withSink } from '../sink.ts';
import { ORGANIZER_META, VENUE_MAP_FLAGS, VENUE_META } from './linked-meta.ts';
import { cdata, escapeXml, NAMESPACES, WPCAL_GENERATOR, WXR_VERSION } from './xml.ts';
import { permalink } from '../../domain/urls.ts';

/**
 * `categories` and `tags`: the terms to declare in the channel, as WordPress does (parents before
 * children). Each event item names its own terms anyway; only these declarations carry hierarchy
 * and descriptions. `venues` and `organizers`: items to write before the events.
 */
export interface WxrWriteOptions extends Partial<ExportDeclarations> {
  /** The channel's pubDate; now by default. */
  now?: Date;
}

/** One `<item>`: what WordPress's exporter writes for a post. */
interface WxrPost {
  id: number;
  authorId?: number;
  type: { type: string };
  title: string;
  link: string;
  content: string;
  excerpt: string;
  /** UTC DB datetimes; `''` when unknown (WordPress then uses the import time). */
  createdUtc: string;
  modifiedUtc: string;
  /** post_date of a post without a UTC date; derived from `createdUtc` otherwise. */
  created?: string;
  slug: string;
  status: string;
  menuOrder: number;
  password: string;
  terms: Array<{ taxonomy: string; slug: string; name: string }>;
  meta: Array<[string, string]>;
  /** An attachment's file, which importers download. */
  attachmentUrl?: string;
}

const ATTACHMENT = { type: 'attachment' };

const ZERO_DATE = '0000-00-00 00:00:00';

function isDbDatetime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) && !value.startsWith('0000');
}

/** RFC 2822, as RSS wants it: `Mon, 06 May 2024 14:00:00 +0000`. */
function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

function pubDate(utc: string): string {
  return isDbDatetime(utc) ? rfc2822(new Date(`${utc.replace(' ', 'T')}Z`)) : '';
}

function localDate(utc: string, site: SiteSettings): string {
  if (utc === '') return '';
  return isDbDatetime(utc) ? (utcToLocal(utc, site.timezone) ?? utc) : ZERO_DATE;
}

function idLink(site: SiteSettings, type: { type: string }, id: number): string {
  return `${site.home}/?post_type=${type.type}&p=${id}`;
}

function line(depth: number, name: string, content: string): string {
  return `${'\t'.repeat(depth)}<${name}>${content}</${name}>\n`;
}

/** User ID → login, for `dc:creator`. */
type Logins = ReadonlyMap<number, string>;

function itemXml(post: WxrPost, site: SiteSettings, logins: Logins): string {
  const parts = [
    '\t<item>\n',
    line(2, 'title', cdata(post.title)),
    line(2, 'link', escapeXml(post.link)),
    line(2, 'pubDate', pubDate(post.createdUtc)),
    line(2, 'dc:creator', cdata(logins.get(post.authorId ?? 0) ?? '')),
    `\t\t<guid isPermaLink="false">${escapeXml(idLink(site, post.type, post.id))}</guid>\n`,
    line(2, 'description', ''),
    line(2, 'content:encoded', cdata(post.content)),
    line(2, 'excerpt:encoded', cdata(post.excerpt)),
    line(2, 'wp:post_id', String(post.id)),
    line(2, 'wp:post_date', cdata(post.created ?? localDate(post.createdUtc, site))),
    line(2, 'wp:post_date_gmt', cdata(post.createdUtc)),
    line(2, 'wp:post_modified', cdata(localDate(post.modifiedUtc, site))),
    line(2, 'wp:post_modified_gmt', cdata(post.modifiedUtc)),
    line(2, 'wp:comment_status', cdata('closed')),
    line(2, 'wp:ping_status', cdata('closed')),
    line(2, 'wp:post_name', cdata(post.slug)),
    line(2, 'wp:status', cdata(post.status)),
    line(2, 'wp:post_parent', '0'),
    line(2, 'wp:menu_order', String(post.menuOrder)),
    line(2, 'wp:post_type', cdata(post.type.type)),
    line(2, 'wp:post_password', cdata(post.password)),
    line(2, 'wp:is_sticky', '0'),
  ];
  if (post.attachmentUrl !== undefined) parts.push(line(2, 'wp:attachment_url', cdata(post.attachmentUrl)));
  for (const term of post.terms) {
    parts.push(`\t\t<category domain="${escapeXml(term.taxonomy)}" nicename="${escapeXml(term.slug)}">${cdata(term.name)}</category>\n`);
  }
  for (const [key, value] of post.meta) {
    parts.push('\t\t<wp:postmeta>\n', line(3, 'wp:meta_key', cdata(key)), line(3, 'wp:meta_value', cdata(value)), '\t\t</wp:postmeta>\n');
  }
  parts.push('\t</item>\n');
  return parts.join('');
}

function eventPost(event: ExportEvent): WxrPost {
  const terms = [
    ...event.categories.map((t) => ({ taxonomy: CATEGORIES.taxonomy, slug: t.slug, name: t.name })),
    ...event.tags.map((t) => ({ taxonomy: TAGS.taxonomy, slug: t.slug, name: t.name })),
  ];
  return {
    id: event.id, authorId: event.authorId, type: EVENT_TYPE, title: event.title, link: event.url, content: event.description, excerpt: event.excerpt,
    createdUtc: event.createdUtc, modifiedUtc: event.modifiedUtc, created: event.created, slug: event.slug, status: event.status,
    menuOrder: event.sticky ? -1 : 0, password: event.password ?? '', terms, meta: event.meta,
  };
}

// Venues and organizers come with their publication date, status and slug (published and slug
// left to the importer when the record has none).
function linkedPost(type: PostTypeDefinition, record: ExportVenue | ExportOrganizer, title: string, meta: Array<[string, string]>, site: SiteSettings): WxrPost {
  const status = record.status ?? 'publish';
  const slug = record.slug ?? '';
  return {
    id: record.id, authorId: record.authorId, type, title, link: permalink(site, type, { ID: record.id, post_status: status, post_name: slug }, true),
    content: record.description ?? '', excerpt: '', createdUtc: record.dateUtc ?? '', modifiedUtc: record.modifiedUtc ?? '',
    created: record.date, slug, status, menuOrder: 0, password: '', terms: [], meta,
  };
}

/** A featured image's attachment item, as WordPress's exporter writes one (its file named by `wp:attachment_url`). */
function attachmentPost(image: ExportImage): WxrPost {
  const meta: Array<[string, string]> = [];
  if (image.attachedFile !== undefined) meta.push(['_wp_attached_file', image.attachedFile]);
  if (image.metadata !== undefined) meta.push(['_wp_attachment_metadata', image.metadata]);
  return {
    id: image.id, authorId: image.authorId, type: ATTACHMENT, title: image.title, link: image.url, content: '', excerpt: '',
    createdUtc: image.createdUtc, modifiedUtc: image.createdUtc, created: image.created, slug: image.slug, status: 'inherit',
    menuOrder: 0, password: '', terms: [], meta, attachmentUrl: image.url,
  };
}

/** `_thumbnail_id`, which WordPress's importer maps to the attachment the file's item becomes. */
function withThumbnail(meta: Array<[string, string]>, record: ExportVenue | ExportOrganizer): Array<[string, string]> {
  return record.image ? [...meta, ['_thumbnail_id', String(record.image.id)]] : meta;
}

function venuePost(venue: ExportVenue, site: SiteSettings): WxrPost {
  const meta: Array<[string, string]> = [];
  for (const [field, key] of VENUE_META) if (venue[field] !== undefined) meta.push([key, venue[field]]);
  meta.push(['_VenueStateProvince', stateProvince('', venue.state ?? '', venue.province ?? '', venue.country ?? '')]);
  for (const [field, key] of VENUE_MAP_FLAGS) if (venue[field] !== undefined) meta.push([key, venue[field] ? '1' : 'false']);
  return linkedPost(VENUE_TYPE, venue, venue.venue, withThumbnail(meta, venue), site);
}

function organizerPost(organizer: ExportOrganizer, site: SiteSettings): WxrPost {
  const meta: Array<[string, string]> = [];
  for (const [field, key] of ORGANIZER_META) if (organizer[field] !== undefined) meta.push([key, organizer[field]]);
  return linkedPost(ORGANIZER_TYPE, organizer, organizer.organizer, withThumbnail(meta, organizer), site);
}

/** Terms with each parent before its children (WordPress's importer links parents by slug as it goes). */
function parentsFirst(terms: ExportTerm[]): Array<{ term: ExportTerm; parentSlug: string }> {
  const byId = new Map(terms.map((t) => [t.id, t]));
  const out = new Map<number, { term: ExportTerm; parentSlug: string }>();
  const visit = (term: ExportTerm, trail: ReadonlySet<number>): void => {
    if (out.has(term.id)) return;
    const parent = term.parent ? byId.get(term.parent) : undefined;
    const linked = parent !== undefined && !trail.has(parent.id);
    if (linked) visit(parent, new Set([...trail, term.id]));
    out.set(term.id, { term, parentSlug: linked ? parent.slug : '' });
  };
  for (const term of terms) visit(term, new Set([term.id]));
  return [...out.values()];
}

function channelTermsXml(options: WxrWriteOptions): string {
  const parts: string[] = [];
  for (const { term, parentSlug } of parentsFirst(options.categories ?? [])) {
    parts.push('\t<wp:term>\n', line(2, 'wp:term_id', String(term.id)), line(2, 'wp:term_taxonomy', cdata(CATEGORIES.taxonomy)),
      line(2, 'wp:term_slug', cdata(term.slug)), line(2, 'wp:term_parent', cdata(parentSlug)), line(2, 'wp:term_name', cdata(term.name)));
    if (term.description) parts.push(line(2, 'wp:term_description', cdata(term.description)));
    parts.push('\t</wp:term>\n');
  }
  for (const tag of options.tags ?? []) {
    parts.push('\t<wp:tag>\n', line(2, 'wp:term_id', String(tag.id)), line(2, 'wp:tag_slug', cdata(tag.slug)), line(2, 'wp:tag_name', cdata(tag.name)));
    if (tag.description) parts.push(line(2, 'wp:tag_description', cdata(tag.description)));
    parts.push('\t</wp:tag>\n');
  }
  return parts.join('');
}

/** The channel's `wp:author` entries, as WordPress's exporter writes them. */
function authorsXml(authors: readonly ExportAuthor[]): string {
  return authors.map((author) => [
    '\t<wp:author>',
    `<wp:author_id>${author.id}</wp:author_id>`,
    `<wp:author_login>${cdata(author.login)}</wp:author_login>`,
    `<wp:author_email>${cdata(author.email)}</wp:author_email>`,
    `<wp:author_display_name>${cdata(author.displayName)}</wp:author_display_name>`,
    `<wp:author_first_name>${cdata('')}</wp:author_first_name>`,
    `<wp:author_last_name>${cdata('')}</wp:author_last_name>`,
    '</wp:author>\n',
  ].join('')).join('');
}

function headerXml(site: SiteSettings, options: WxrWriteOptions): string {
  const namespaces = Object.entries(NAMESPACES).map(([prefix, uri]) => `\n\txmlns:${prefix}="${uri}"`).join('');
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>\n',
    `<!-- WordPress eXtended RSS (WXR ${WXR_VERSION}) written by wpcal: events, venues and organizers with their postmeta, categories and tags. -->\n`,
    `<rss version="2.0"${namespaces}\n>\n\n<channel>\n`,
    line(1, 'title', escapeXml(site.name)),
    line(1, 'link', escapeXml(site.home)),
    line(1, 'description', escapeXml(site.description)),
    line(1, 'pubDate', rfc2822(options.now ?? new Date())),
    line(1, 'language', 'en-US'),
    line(1, 'generator', WPCAL_GENERATOR),
    line(1, 'wp:wxr_version', WXR_VERSION),
    line(1, 'wp:base_site_url', escapeXml(site.siteurl)),
    line(1, 'wp:base_blog_url', escapeXml(site.home)),
    '\n',
    authorsXml(options.declareAuthors ? options.authors ?? [] : []),
    '\n',
    channelTermsXml(options),
    '\n',
  ].join('');
}

/**
 * Streams `events` as one WXR document into `out`, holding only the IDs of the venues and
 * organizers already written. `out` is left open (the caller ends it and waits for 'finish').
 */
export async function writeWxr(events: AsyncIterable<ExportEvent>, out: NodeJS.WritableStream, site: SiteSettings, options: WxrWriteOptions = {}): Promise<void> {
  const logins: Logins = new Map((options.authors ?? []).map((author) => [author.id, author.login]));
  const written = new Set<string>();
  const firstTime = (type: { type: string }, id: number): boolean => {
    const key = `${type.type}:${id}`;
    if (written.has(key)) return false;
    written.add(key);
    return true;
  };
  /** The items of a post, preceded by its featured image's the first time that one is written. */
  const items = (post: WxrPost, image: ExportImage | undefined): string =>
    (image && firstTime(ATTACHMENT, image.id) ? itemXml(attachmentPost(image), site, logins) : '') + itemXml(post, site, logins);
  await withSink(out, 'the export', async (sink) => {
    await sink.write(headerXml(site, options));
    for await (const venue of options.venues ?? []) {
      if (firstTime(VENUE_TYPE, venue.id)) await sink.write(items(venuePost(venue, site), venue.image));
    }
    for await (const organizer of options.organizers ?? []) {
      if (firstTime(ORGANIZER_TYPE, organizer.id)) await sink.write(items(organizerPost(organizer, site), organizer.image));
    }
    for await (const event of events) {
      const chunks: string[] = [];
      if (event.venue && firstTime(VENUE_TYPE, event.venue.id)) chunks.push(items(venuePost(event.venue, site), event.venue.image));
      for (const organizer of event.organizers) {
        if (firstTime(ORGANIZER_TYPE, organizer.id)) chunks.push(items(organizerPost(organizer, site), organizer.image));
      }
      chunks.push(items(eventPost(event), event.image));
      await sink.write(chunks.join(''));
    }
    await sink.write('</channel>\n</rss>\n');
  });
}
