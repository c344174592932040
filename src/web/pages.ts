// The content of each front-end page, rendered from the REST representations: an event, a list of
// events (home, archive, category, tag, venue, organizer), a protected post, and "not found".
import type { Term } from '../data/terms.ts';
import type { SiteSettings } from '../site/settings.ts';
import { esc, escRendered } from './html.ts';
import { scheduleHtml, type EventDates } from './schedule.ts';

/** What the pages read of the REST event JSON. */
export interface EventJson extends EventDates {
  id: number;
  url: string;
  title: string;
  description: string;
  image: false | { url: string; width?: number; height?: number };
  cost: string;
  website: string;
  venue: LinkedJson | [];
  organizer: LinkedJson[];
  categories: TermJson[];
  tags: TermJson[];
  json_ld?: unknown;
}

/** A venue or organizer as REST shows it (in an event, or alone). */
export interface LinkedJson {
  id: number;
  url: string;
  venue?: string;
  organizer?: string;
  description?: string;
  address?: string;
  city?: string;
  stateprovince?: string;
  zip?: string;
  country?: string;
  phone?: string;
  website?: string;
  email?: string;
  image?: false | { url: string; width?: number; height?: number };
}

/** A category or tag of the event JSON: the term row's fields, `id` for `term_id`, and no archive URL. */
export type TermJson = Omit<Term, 'term_id'> & { id: number };

/** The archive URL of each category and tag of an event, by term ID. */
export type TermLinks = ReadonlyMap<number, string>;

/** The events list answer of `GET /events`. */
export interface EventListJson {
  events: EventJson[];
  total: number;
  total_pages: number;
}

function linkedName(linked: LinkedJson): string {
  return linked.venue ?? linked.organizer ?? '';
}

function imageHtml(image: EventJson['image'] | undefined): string {
  if (!image) return '';
  const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : '';
  return `<p><img src="${esc(image.url)}" alt=""${size}></p>`;
}

function definitions(rows: ReadonlyArray<readonly [string, string]>): string {
  const shown = rows.filter(([, value]) => value !== '');
  return shown.length === 0 ? '' : `<dl>${shown.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function externalLink(url: string | undefined): string {
  return url ? `<a href="${esc(url)}">${esc(url)}</a>` : '';
}

function address(linked: LinkedJson): string {
  const locality = [linked.city, linked.stateprovince, linked.zip].filter(Boolean).join(', ');
  return [linked.address, locality, linked.country].filter(Boolean).map((line) => esc(line!)).join('<br>');
}

function termLinks(terms: readonly TermJson[], links: TermLinks): string {
  return terms.map((term) => `<a href="${esc(links.get(term.id) ?? '')}">${escRendered(term.name)}</a>`).join(', ');
}

/** The single event page's <main>. */
export function eventMain(site: SiteSettings, event: EventJson, links: TermLinks, icalUrl: string): string {
  const venue = Array.isArray(event.venue) ? null : event.venue;
  const venueHtml = venue ? [`<a href="${esc(venue.url)}">${escRendered(linkedName(venue))}</a>`, address(venue)].filter(Boolean).join('<br>') : '';
  const organizers = event.organizer.map((o) => `<a href="${esc(o.url)}">${escRendered(linkedName(o))}</a>`).join(', ');
  return [
    '<article>',
    `<h1>${escRendered(event.title)}</h1>`,
    `<p>${scheduleHtml(site, event)}</p>`,
    imageHtml(event.image),
    definitions([
      ['Venue', venueHtml],
      [event.organizer.length > 1 ? 'Organizers' : 'Organizer', organizers],
      ['Cost', esc(event.cost)],
      ['Website', event.website === event.url ? '' : externalLink(event.website)],
      ['Categories', termLinks(event.categories, links)],
      ['Tags', termLinks(event.tags, links)],
    ]),
    event.description === '' ? '' : `<section aria-label="Description">${event.description}</section>`,
    `<p><a href="${esc(icalUrl)}">Add to calendar (iCalendar)</a></p>`,
    '</article>',
  ].filter(Boolean).join('\n');
}

/** A venue's or organizer's details, above the list of its events. */
export function linkedDetails(linked: LinkedJson): string {
  return [
    imageHtml(linked.image),
    definitions([
      ['Address', address(linked)],
      ['Phone', esc(linked.phone ?? '')],
      ['Email', linked.email ? esc(linked.email) : ''],
      ['Website', externalLink(linked.website)],
    ]),
    linked.description ? `<section aria-label="Description">${linked.description}</section>` : '',
  ].filter(Boolean).join('\n');
}

/** Links to the neighbouring pages of a list. */
export interface Paging {
  previous: string | null;
  next: string | null;
}

/** A list page's <main>: its heading, what comes before the list, the events, the paging links. */
export function listMain(site: SiteSettings, heading: string, before: string, list: EventListJson, paging: Paging): string {
  const items = list.events.map((event) => {
    const venue = Array.isArray(event.venue) ? '' : ` · ${escRendered(linkedName(event.venue))}`;
    return `<li><article><h2><a href="${esc(event.url)}">${escRendered(event.title)}</a></h2><p>${scheduleHtml(site, event)}${venue}</p></article></li>`;
  });
  const pages = [
    paging.previous ? `<a href="${esc(paging.previous)}" rel="prev">Previous events</a>` : '',
    paging.next ? `<a href="${esc(paging.next)}" rel="next">Next events</a>` : '',
  ].filter(Boolean);
  return [
    `<h1>${heading}</h1>`,
    before,
    items.length === 0 ? '<p>There are no upcoming events.</p>' : `<ol class="events">${items.join('\n')}</ol>`,
    pages.length === 0 ? '' : `<nav aria-label="Pages">${pages.join(' ')}</nav>`,
  ].filter(Boolean).join('\n');
}

/** A password-protected post: its title and nothing else (no form: wpcal takes no post passwords here). */
export function protectedMain(title: string): string {
  return `<article><h1>${escRendered(title)}</h1><p>This content is password protected.</p></article>`;
}

export function notFoundMain(): string {
  return '<h1>Page not found</h1><p>Nothing was found at this address.</p>';
}
