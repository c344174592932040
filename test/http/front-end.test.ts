// Front-end URLs (issue 16 item 2): every `url` wpcal writes answers GET and HEAD with the
// plugin's discovery headers (samples 61–64) and an HTML page; what is not public is a 404.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import { forEachDatabase } from '../support/databases.ts';
import { readSample, SAMPLES } from '../support/plugin-samples.ts';
import { request, type HttpResult } from '../support/server.ts';
import { startFrontEndSite, type FrontEndSite } from '../support/front-end-site.ts';

const SAMPLE_HOME = 'http://127.0.0.1:8881';
const DISCOVERY = ['link', 'x-tec-api-version', 'x-tec-api-root', 'x-tec-api-origin'] as const;

/** The discovery headers of a response, the `Link` header cut to its first link (WordPress's API link). */
function discoveryOf(headers: Headers | Map<string, string>): Record<string, string | undefined> {
  return Object.fromEntries(DISCOVERY.map((name) => [name, name === 'link' ? headers.get(name)?.split(', <')[0] : headers.get(name) ?? undefined]));
}

/** A sample's discovery headers on this server: its home and the IDs of this site's posts and terms. */
function sampleDiscovery(name: string, home: string, eventId?: number): Record<string, string | undefined> {
  const sample = readSample(name);
  expect(sample.status).to.equal(200);
  expect(sample.headers.get('content-type')).to.equal('text/html; charset=UTF-8');
  const expected = discoveryOf(sample.headers);
  // readSample keeps the last of several Link lines; WordPress's API link is the first one.
  expected.link = `<${SAMPLE_HOME}/wp-json/>; rel="https://api.w.org/"`;
  const replaced = JSON.stringify(expected).replaceAll(SAMPLE_HOME, home).replace(/(events\/)2460/, `$1${eventId}`);
  return JSON.parse(replaced);
}

/** `<a href>`, `<link href>` and `<meta content>` of a page, in document order. */
function tagAttribute(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

/** The `Link` header lines of a captured sample, in order (readSample keeps only the last). */
function sampleLinkLines(name: string): string[] {
  const head = fs.readFileSync(path.join(SAMPLES, name), 'utf8').split(/\r?\n\r?\n/)[0]!;
  return head.split(/\r?\n/).filter((line) => /^link:/i.test(line)).map((line) => line.slice(line.indexOf(':') + 1).trim());
}

/** The `Link` header lines of a HEAD answer as sent (fetch joins repeated headers into one). */
function linkLines(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    http.request(url, { method: 'HEAD' }, (res) => {
      const lines: string[] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i]!.toLowerCase() === 'link') lines.push(res.rawHeaders[i + 1]!);
      resolve(lines);
      res.resume();
    }).on('error', reject).end();
  });
}

/** The previous and next links of a list page, and the events it lists. */
function listing(html: string): { previous?: string; next?: string; events: string[] } {
  const rel = (name: string) => tagAttribute(html, new RegExp(`<a href="([^"]*)" rel="${name}">`, 'g'))[0];
  return { previous: rel('prev'), next: rel('next'), events: [...html.matchAll(/<h2><a href="[^"]*">([^<]*)<\/a><\/h2>/g)].map((m) => m[1]!) };
}

/** What `wpapi`'s `WPAPI.discover(url)` does: HEAD the site, read the `rel="https://api.w.org/"` link of the Link header, GET it. */
async function discoverLikeWpapi(siteUrl: string): Promise<{ root: string; index: any }> {
  const head = await fetch(siteUrl, { method: 'HEAD' });
  const links = (head.headers.get('link') ?? '').split(/,\s*(?=<)/).map((link) => /^<([^>]*)>(.*)$/.exec(link)!);
  const api = links.find((m) => /;\s*rel="?https:\/\/api\.w\.org\/"?/.test(m[2]!));
  if (!api) throw new Error(`no API link in ${head.headers.get('link')}`);
  const index = await fetch(api[1]!);
  return { root: api[1]!, index: await index.json() };
}

forEachDatabase('front-end pages', (kind) => {
  let site: FrontEndSite;
  let home: string;
  const get = (path: string) => site.t.request('GET', path);
  const head = (path: string) => site.t.request('HEAD', path);

  before(async () => {
    site = await startFrontEndSite(kind, { date_format: 'l, j F Y', time_format: 'H:i', posts_per_page: '1' });
    home = site.t.url;
  });
  after(async () => site.t.close());

  function expectPage(res: HttpResult, path: string, status = 200): void {
    expect(res.status, `${path}: ${res.text.slice(0, 300)}`).to.equal(status);
    expect(res.headers.get('content-type'), path).to.equal('text/html; charset=UTF-8');
  }

  it('answers HEAD and GET of the home, event, category and tag pages with the plugin\'s discovery headers (samples 61–64)', async () => {
    const id = site.event.id;
    const cases: Array<[string, string]> = [
      ['61-discovery-head-home.txt', '/'],
      ['62-discovery-head-event.txt', '/event/event-at-draft-venue/'],
      ['63-discovery-head-category.txt', '/events/category/music/'],
      ['64-discovery-head-tag.txt', '/tag/free/'],
    ];
    for (const [sample, path] of cases) {
      const expected = sampleDiscovery(sample, home, id);
      const headRes = await head(path);
      expectPage(headRes, path);
      expect(discoveryOf(headRes.headers), path).to.deep.equal(expected);
      expect(headRes.text, path).to.equal('');
      const getRes = await get(path);
      expectPage(getRes, path);
      expect(discoveryOf(getRes.headers), path).to.deep.equal(expected);
      expect(Number(headRes.headers.get('content-length')), path).to.equal(Buffer.byteLength(getRes.text));
    }
  });

  it('sends the Link lines of samples 61–64 but WordPress\'s rel="alternate" one, whose wp/v2 route wpcal does not serve', async () => {
    const { event } = site;
    const cases: Array<[string, string, number | undefined]> = [
      ['61-discovery-head-home.txt', '/', undefined],
      ['62-discovery-head-event.txt', `/event/${event.slug}/`, event.id],
      ['63-discovery-head-category.txt', '/events/category/music/', event.categories[0].id],
      ['64-discovery-head-tag.txt', '/tag/free/', event.tags[0].id],
    ];
    const alternates: string[] = [];
    for (const [sample, path, id] of cases) {
      const lines = sampleLinkLines(sample).map((line) => line.replace(/\b(2460|204|205)\b/, String(id)).replaceAll(SAMPLE_HOME, home));
      const alternate = lines.filter((line) => line.includes('rel="alternate"'));
      alternates.push(...alternate);
      expect(await linkLines(`${home}${path}`), path).to.deep.equal(lines.filter((line) => !alternate.includes(line)));
    }
    expect(alternates.map((line) => /wp\/v2\/([a-z_]+)\//.exec(line)?.[1])).to.deep.equal(['tribe_events', 'tribe_events_cat', 'tags']);
    for (const line of alternates) {
      const res = await request(/^<([^>]*)>/.exec(line)![1]!, 'GET', '');
      expect([res.status, res.json?.code], line).to.deep.equal([404, 'rest_no_route']);
    }
    // The event's shortlink (header and <link rel="shortlink">) redirects to its permalink, as WordPress does.
    const shortlink = `${home}/?p=${event.id}`;
    expect(tagAttribute((await get(`/event/${event.slug}/`)).text, /<link rel="shortlink" href="([^"]*)">/g)).to.deep.equal([shortlink]);
    const redirect = await fetch(shortlink, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).to.deep.equal([301, event.url]);
    expect(await linkLines(`${home}/event/secret-party/`)).to.deep.equal([`<${home}/wp-json/>; rel="https://api.w.org/"`, `<${home}/?p=${site.protectedId}>; rel=shortlink`]);
    // Venues and organizers are no public post types in TEC free: no shortlink, and `?p=` is no redirect.
    for (const linked of [event.venue, event.organizer[0]]) {
      const page = new URL(linked.url).pathname;
      expect(await linkLines(`${home}${page}`), page).to.deep.equal([`<${home}/wp-json/>; rel="https://api.w.org/"`]);
      expect((await get(page)).text, page).not.to.include('rel="shortlink"');
      expectPage(await get(`/?p=${linked.id}`), `/?p=${linked.id}`, 404);
    }
  });

  it('answers the plain permalinks with the same pages and headers', async () => {
    const { id, slug } = site.event;
    const pairs: Array<[string, string]> = [
      [`/?post_type=tribe_events&p=${id}`, `/event/${slug}/`],
      [`/?tribe_events=${slug}`, `/event/${slug}/`],
      [`/index.php?tribe_events=${slug}`, `/event/${slug}/`],
      ['/?tribe_events_cat=music', '/events/category/music/'],
      ['/?tag=free', '/tag/free/'],
      ['/?post_type=tribe_events', '/events/'],
      [`/?tribe_venue=${site.event.venue.slug}`, `/venue/${site.event.venue.slug}/`],
      [`/?post_type=tribe_organizer&p=${site.event.organizer[0].id}`, `/organizer/${site.event.organizer[0].slug}/`],
    ];
    for (const [plain, pretty] of pairs) {
      const [a, b] = [await get(plain), await get(pretty)];
      expectPage(a, plain);
      expect(discoveryOf(a.headers), plain).to.deep.equal(discoveryOf(b.headers));
      expect(a.text, plain).to.equal(b.text);
    }
  });

  it('answers every url wpcal writes: home, /events/, each event, venue, organizer, category and tag', async () => {
    const api = (path: string) => get(`/wp-json/tribe/events/v1/${path}`);
    const urls = new Set<string>([`${home}/`, `${home}/events/`]);
    for (const e of (await api('events?per_page=50')).json.events) {
      urls.add(e.url);
      if (!Array.isArray(e.venue)) urls.add(e.venue.url);
      for (const o of e.organizer) urls.add(o.url);
    }
    for (const v of (await api('venues')).json.venues) urls.add(v.url);
    for (const o of (await api('organizers')).json.organizers) urls.add(o.url);
    for (const c of (await api('categories')).json.categories) urls.add(c.url);
    for (const tag of (await api('tags')).json.tags) urls.add(tag.url);
    expect(urls.size).to.equal(10);
    for (const url of urls) {
      expect(url.startsWith(home), url).to.equal(true);
      const path = url.slice(home.length);
      expectPage(await get(path), url);
      expectPage(await head(path), url);
    }
    const venue = await head(new URL(site.event.venue.url).pathname);
    expect(venue.headers.get('x-tec-api-root')).to.equal(`${home}/wp-json/tribe/events/v1/events/?venue=${site.event.venue.id}`);
    const organizer = await head(new URL(site.event.organizer[0].url).pathname);
    expect(organizer.headers.get('x-tec-api-root')).to.equal(`${home}/wp-json/tribe/events/v1/`);
  });

  it('answers 404 (with the discovery headers) for unknown, draft, private, trashed and non-public items', async () => {
    const paths = [
      '/event/no-such-event/', '/event/draft-party/', '/event/private-party/', `/?post_type=tribe_events&p=${site.draftId}`,
      `/?post_type=tribe_events&p=${site.privateId}`, `/?post_type=tribe_events&p=${site.trashedId}`, '/?post_type=tribe_events&p=999999',
      `/?post_type=tribe_venue&p=${site.event.id}`, `/?post_type=tribe_venue&p=${site.draftVenueId}`, '/venue/hidden-hall/',
      '/organizer/nobody/', '/events/category/no-such-category/', '/events/category/free/', '/tag/music/', '/no/such/page',
      `/?p=${site.draftId}`, '/?post_type=post', '/events/?paged=99',
    ];
    for (const path of paths) {
      const res = await get(path);
      expectPage(res, path, 404);
      expect(res.headers.get('x-tec-api-version'), path).to.equal('v1');
      expect(res.headers.get('link'), path).to.equal(`<${home}/wp-json/>; rel="https://api.w.org/"`);
      expect(res.text, path).not.to.match(/Draft party|Private party|Trashed party|Hidden Hall/);
      expectPage(await head(path), path, 404);
    }
    // Other methods on page URLs stay what they were: no route.
    const post = await site.t.request('POST', '/event/event-at-draft-venue/');
    expect([post.status, post.json?.code]).to.deep.equal([404, 'rest_no_route']);
  });

  it('shows a password-protected event\'s title alone, asking for nothing', async () => {
    const res = await get('/event/secret-party/');
    expectPage(res, '/event/secret-party/');
    expect(res.headers.get('x-tec-api-root')).to.equal(`${home}/wp-json/tribe/events/v1/events/${site.protectedId}`);
    expect(res.text).to.include('<h1>Protected: Secret party</h1>');
    expect(res.text).not.to.match(/secret plan|<form|<input|application\/ld\+json|<time/i);
  });

  it('renders the event: title, dates in the site\'s formats, venue, organizers, cost, description, image, JSON-LD, iCalendar link', async () => {
    const { event } = site;
    const res = await get(`/event/${event.slug}/`);
    expectPage(res, event.url);
    const html = res.text;
    expect(html).to.match(/^<!DOCTYPE html>\n<html lang="en-US">/);
    expect(html).to.include('<title>Event at draft venue – wpcal</title>');
    expect(html).to.include('<h1>Event at draft venue</h1>');
    expect(html).to.include('<time datetime="2026-12-10T19:00:00+01:00">Thursday, 10 December 2026 @ 19:00</time> – <time datetime="2026-12-10T22:30:00+01:00">22:30</time>');
    expect(html).to.include(`<a href="${event.venue.url}">Oracle Hall</a><br>1 Main St<br>Springfield<br>United States`);
    expect(html).to.include(`<a href="${event.organizer[0].url}">Oracle Org</a>, <a href="${event.organizer[1].url}">Second Org</a>`);
    expect(html).to.include('<dt>Cost</dt><dd>$25</dd>');
    expect(html).to.include('<p>Live jazz &amp; <em>friends</em>.</p>');
    expect(html).to.include(`<img src="${event.image.url}" alt=""`);
    expect(html).to.include(`<a href="${home}/events/category/music/">Music</a>`);
    expect(html).to.include(`<a href="${home}/tag/free/">Free</a>`);
    expect(tagAttribute(html, /<meta name="tec-api-version" content="([^"]*)">/g)).to.deep.equal(['v1']);
    expect(tagAttribute(html, /<meta name="tec-api-origin" content="([^"]*)">/g)).to.deep.equal([home]);
    expect(tagAttribute(html, /<link rel="alternate" href="([^"]*)">/g)).to.deep.equal([event.rest_url]);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    const single = await get(`/wp-json/tribe/events/v1/events/${event.id}`);
    expect(JSON.parse(jsonLd)).to.deep.equal([single.json.json_ld]);
    const [ical] = tagAttribute(html, /<link rel="alternate" type="text\/calendar" title="iCalendar" href="([^"]*)">/g);
    const feed = await request(ical!, 'GET', '');
    expect(feed.headers.get('content-type')).to.equal('text/calendar; charset=utf-8');
    expect(feed.text.match(/^SUMMARY:.*$/gm)).to.deep.equal(['SUMMARY:Event at draft venue']);
  });

  it('lists events on the home, archive, term, venue and organizer pages, a page at a time, with their feeds', async () => {
    const archive = await get('/events/');
    expect(archive.text).to.include(`<a href="${site.event.url}">Event at draft venue</a>`);
    expect(archive.text).to.include(`<a href="${home}/events/page/2/" rel="next">Next events</a>`);
    const second = await get('/events/?paged=2');
    expect(second.text).to.include('All-day fair');
    expect(second.text).to.include('<time datetime="2026-12-12">Saturday, 12 December 2026</time> – <time datetime="2026-12-13">Sunday, 13 December 2026</time>');
    expect(second.text).to.include(`<a href="${home}/events/" rel="prev">Previous events</a>`);
    expect((await get('/events/page/2/')).text).to.equal(second.text);
    const category = await get('/events/category/music/');
    expect(category.text).to.include('<h1>Events in Music</h1>');
    expect(tagAttribute(category.text, /<link rel="alternate" href="([^"]*)">/g)).to.deep.equal([`${home}/wp-json/tribe/events/v1/events/?categories=music`]);
    const [feed] = tagAttribute(category.text, /<link rel="alternate" type="text\/calendar" title="iCalendar" href="([^"]*)">/g);
    expect(feed).to.equal(`${home}/wp-json/wpcal/v1/events.ics?categories=music`);
    const tag = await get('/tag/free/');
    expect(tag.text).to.include('<h1>Events tagged Free</h1>');
    const venue = await get(new URL(site.event.venue.url).pathname);
    expect(venue.text).to.include('<h1>Oracle Hall</h1>');
    expect(venue.text).to.include(`<a href="${site.event.url}">Event at draft venue</a>`);
    const organizer = await get(new URL(site.event.organizer[1].url).pathname);
    expect(organizer.text).to.include('<h1>Second Org</h1>');
    expect(organizer.text).to.include(`<a href="${site.event.url}">Event at draft venue</a>`);
  });

  it('pages the venue, organizer, category, tag and home lists (`/page/N/`, `paged=N`), linking the neighbours, 404 past the last page', async () => {
    const venue = site.event.venue.slug;
    const organizer = site.event.organizer[1].slug;
    // [the first page's path, its plain twin, the events of each page]
    const lists: Array<[string, string, string[][]]> = [
      [`/venue/${venue}/`, `/?tribe_venue=${venue}`, [['Event at draft venue'], ['All-day fair']]],
      [`/organizer/${organizer}/`, `/?tribe_organizer=${organizer}`, [['Event at draft venue'], ['All-day fair']]],
      ['/events/category/music/', '/?tribe_events_cat=music', [['Event at draft venue'], ['All-day fair']]],
      ['/tag/free/', '/?tag=free', [['Event at draft venue']]],
      [`/organizer/${site.event.organizer[0].slug}/`, `/?tribe_organizer=${site.event.organizer[0].slug}`, [['Event at draft venue']]],
      ['/', '/', [['Event at draft venue'], ['All-day fair'], ['Secret party']]],
    ];
    for (const [first, plain, pages] of lists) {
      const url = (n: number) => (n === 1 ? `${home}${first}` : `${home}${first}page/${n}/`);
      const firstHeaders = discoveryOf((await head(first)).headers);
      for (let n = 1; n <= pages.length + 1; n += 1) {
        const paths = n === 1 ? [first] : [`${first}page/${n}/`, `${first}?paged=${n}`, `${plain}${plain === '/' ? '?' : '&'}paged=${n}`];
        for (const path of paths) {
          const res = await get(path);
          if (n > pages.length) {
            expectPage(res, path, 404);
            expectPage(await head(path), path, 404);
            continue;
          }
          expectPage(res, path);
          expect(listing(res.text), path).to.deep.equal({
            previous: n > 1 ? url(n - 1) : undefined,
            next: n < pages.length ? url(n + 1) : undefined,
            events: pages[n - 1],
          });
          expect(discoveryOf((await head(path)).headers), path).to.deep.equal(firstHeaders);
        }
      }
    }
    // An event page has no pages.
    expectPage(await get(`/event/${site.event.slug}/page/2/`), 'event page 2', 404);
  });

  it('escapes what it prints: a title with markup and quotes stays text', async () => {
    const res = await site.t.request('POST', '/wp-json/tribe/events/v1/events', {
      auth: site.admin,
      body: { title: 'Tom & "Jerry" <b>bold</b> &lt;i&gt;', start_date: '2026-12-11 10:00:00', end_date: '2026-12-11 11:00:00' },
    });
    expect(res.status, res.text).to.equal(201);
    const page = await get(new URL(res.json.url).pathname + new URL(res.json.url).search);
    expectPage(page, res.json.url);
    expect(res.json.title).to.include('<b>bold</b>');
    expect(page.text).to.include('<h1>Tom &amp; “Jerry” bold &lt;i&gt;</h1>');
    expect(page.text).to.include('<title>Tom &amp; “Jerry” bold &lt;i&gt; – wpcal</title>');
    await site.t.request('DELETE', `/wp-json/tribe/events/v1/events/${res.json.id}?force=true`, { auth: site.admin });
  });

  it('gives an event with several occurrence rows (TEC PRO\'s recurring events) one page, at the one `url` wpcal writes for it', async () => {
    const { event } = site;
    const db = site.t.server.db.kysely;
    const own = await db.selectFrom('tec_occurrences').selectAll().where('post_id', '=', event.id).executeTakeFirstOrThrow();
    const { occurrence_id: _id, ...columns } = own;
    const weekLater = (datetime: string) => new Date(Date.parse(`${datetime.replace(' ', 'T')}Z`) + 7 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    const { occurrence_id: addedId } = await db.insertInto('tec_occurrences').values({
      ...columns,
      start_date: weekLater(own.start_date), end_date: weekLater(own.end_date),
      start_date_utc: weekLater(own.start_date_utc), end_date_utc: weekLater(own.end_date_utc),
      hash: `${own.hash.slice(0, 32)}weeklater`,
    }).returning('occurrence_id').executeTakeFirstOrThrow();
    try {
      const permalink = `${home}/event/${event.slug}/`;
      const list = (await get('/wp-json/tribe/events/v1/events?per_page=50')).json.events.filter((e: any) => e.id === event.id);
      const single = (await get(`/wp-json/tribe/events/v1/events/${event.id}`)).json;
      const feed = await request(`${home}/wp-json/wpcal/v1/events.ics?include=${event.id}`, 'GET', '');
      // Every URL of the event: the list's (once), the single's, its JSON-LD's, the feed's; no PRO `/all/` or date suffix.
      expect([...list.map((e: any) => e.url), single.url, single.json_ld.url, ...feed.text.match(/^URL:(.*)$/gm)!.map((line) => line.slice(4).trim())])
        .to.deep.equal([permalink, permalink, permalink, permalink]);
      const res = await head(`/event/${event.slug}/`);
      expectPage(res, permalink);
      expect(res.headers.get('x-tec-api-root')).to.equal(`${home}/wp-json/tribe/events/v1/events/${event.id}`);
      expect(await linkLines(permalink)).to.deep.equal([`<${home}/wp-json/>; rel="https://api.w.org/"`, `<${home}/?p=${event.id}>; rel=shortlink`]);
      const listed: string[] = [];
      for (let url: string | undefined = `${home}/events/`; url !== undefined;) {
        const page = listing((await get(url.slice(home.length))).text);
        listed.push(...page.events);
        url = page.next;
      }
      expect(listed).to.deep.equal(['Event at draft venue', 'All-day fair', 'Secret party']);
      // TEC PRO's series and occurrence URLs, which TEC free (and wpcal) do not route.
      for (const path of [`/event/${event.slug}/all/`, `/event/${event.slug}/${weekLater(own.start_date).slice(0, 10)}/`]) expectPage(await get(path), path, 404);
    } finally {
      await db.deleteFrom('tec_occurrences').where('occurrence_id', '=', addedId).execute();
    }
  });

  it('lets WordPress REST clients discover the API from the site address (wpapi\'s WPAPI.discover)', async () => {
    const found = await discoverLikeWpapi(home);
    expect(found.root).to.equal(`${home}/wp-json/`);
    expect(found.index.namespaces).to.include('tribe/events/v1');
    expect(found.index.routes).to.have.property('/tribe/events/v1/events');
  });
});

forEachDatabase('front-end pages with plain permalinks', (kind) => {
  let site: FrontEndSite;

  before(async () => {
    site = await startFrontEndSite(kind, { permalink_structure: '', posts_per_page: '1' });
  });
  after(async () => site.t.close());

  it('answers the plain `url`s wpcal writes, with the plain API root in every header and link', async () => {
    const home = site.t.url;
    expect(site.event.url).to.equal(`${home}/?tribe_events=${site.event.slug}`);
    const res = await site.t.request('HEAD', `/?tribe_events=${site.event.slug}`);
    expect(res.status).to.equal(200);
    expect(discoveryOf(res.headers)).to.deep.equal({
      link: `<${home}/index.php?rest_route=/>; rel="https://api.w.org/"`,
      'x-tec-api-version': 'v1',
      'x-tec-api-root': `${home}/index.php?rest_route=/tribe/events/v1/events/${site.event.id}`,
      'x-tec-api-origin': home,
    });
    const category = await site.t.request('HEAD', '/?tribe_events_cat=music');
    // add_query_arg re-encodes the query already in the URL, as WordPress's does.
    expect(category.headers.get('x-tec-api-root')).to.equal(`${home}/index.php?rest_route=%2Ftribe%2Fevents%2Fv1%2Fevents%2F&categories=music`);
    const page = await site.t.request('GET', '/?tribe_events_cat=music');
    expect(page.text).to.include(`<a href="${site.event.url}">Event at draft venue</a>`);
    expect(page.text).to.include(`<a href="${home}/?post_type=tribe_events">Events</a>`);
    const found = await discoverLikeWpapi(home);
    expect(found.index.namespaces).to.include('tribe/events/v1');
  });

  it('links a list\'s pages with `paged=N`, and the event\'s shortlink is the same as with pretty permalinks', async () => {
    const home = site.t.url;
    const venue = site.event.venue.url;
    expect(venue).to.equal(`${home}/?tribe_venue=${site.event.venue.slug}`);
    const first = await site.t.request('GET', venue.slice(home.length));
    expect(listing(first.text)).to.deep.equal({ previous: undefined, next: `${venue}&paged=2`, events: ['Event at draft venue'] });
    const second = await site.t.request('GET', `${venue.slice(home.length)}&paged=2`);
    expect(listing(second.text)).to.deep.equal({ previous: venue, next: undefined, events: ['All-day fair'] });
    expect((await site.t.request('GET', `${venue.slice(home.length)}&paged=3`)).status).to.equal(404);
    expect(listing((await site.t.request('GET', '/')).text).next).to.equal(`${home}/?paged=2`);
    expect(await linkLines(site.event.url)).to.deep.equal([
      `<${home}/index.php?rest_route=/>; rel="https://api.w.org/"`,
      `<${home}/?p=${site.event.id}>; rel=shortlink`,
    ]);
  });
});
