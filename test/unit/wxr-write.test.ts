import { expect } from 'chai';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { Writable } from 'node:stream';
import type { ExportEvent } from '../../src/transfer/records.ts';
import { buildSettings } from '../../src/site/settings.ts';
import { parseWxr } from '../../src/transfer/wxr/parse.ts';
import { writeWxr, type WxrWriteOptions } from '../../src/transfer/wxr/write.ts';

const site = buildSettings(new Map([
  ['home', 'https://cal.example.org'], ['siteurl', 'https://cal.example.org/wp'], ['blogname', 'Town & Country Events'],
  ['blogdescription', 'What’s on'], ['timezone_string', 'Europe/Zurich'],
]), 'https://cal.example.org');

const VENUE = {
  id: 301, venue: 'Hall <North>', description: 'By the <em>river</em>', address: '1 Main St', city: 'Zürich', country: 'Switzerland',
  province: 'ZH', phone: '555', website: 'https://hall.example.org', showMap: true, showMapLink: false,
};
const ANA = { id: 401, organizer: 'Ana', description: '', phone: '555-0100', email: 'ana@example.org' };
const BOB = { id: 402, organizer: 'Bob & Co', website: 'https://bob.example.org' };

function dateMeta(start: string, end: string, startUtc: string, endUtc: string, timezone: string): Array<[string, string]> {
  return [
    ['_EventStartDate', start], ['_EventEndDate', end], ['_EventStartDateUTC', startUtc], ['_EventEndDateUTC', endUtc],
    ['_EventTimezone', timezone], ['_EventTimezoneAbbr', 'CEST'],
  ];
}

function baseEvent(id: number): ExportEvent {
  return {
    id, slug: `event-${id}`, status: 'publish', title: `Event ${id}`, description: '', excerpt: '',
    startDate: '2024-06-14 19:30:00', endDate: '2024-06-14 22:00:00', startDateUtc: '2024-06-14 17:30:00', endDateUtc: '2024-06-14 20:00:00',
    allDay: false, timezone: 'Europe/Zurich', cost: '', website: '', featured: false, url: `https://cal.example.org/event/event-${id}/`,
    createdUtc: '2024-04-04 08:30:00', modifiedUtc: '2024-04-20 14:00:00',
    venue: null, organizers: [], categories: [], tags: [],
    meta: dateMeta('2024-06-14 19:30:00', '2024-06-14 22:00:00', '2024-06-14 17:30:00', '2024-06-14 20:00:00', 'Europe/Zurich'),
  };
}

const JAZZ: ExportEvent = {
  ...baseEvent(201),
  slug: 'jazz-night', title: 'Jazz — Café Session', description: '<p>Swing &amp; bebop · 日本語 · 🎷</p>', excerpt: 'Swing & bebop',
  cost: '20€', website: 'https://tickets.example.org/?a=1&b=2', featured: true,
  venue: VENUE, organizers: [ANA, BOB],
  categories: [{ id: 12, name: 'Jazz &amp; Blues', slug: 'jazz' }], tags: [{ id: 8, name: 'Outdoor', slug: 'outdoor' }],
  meta: [
    ...baseEvent(201).meta, ['_EventDuration', '9000'], ['_EventVenueID', '301'], ['_EventOrganizerID', '401'], ['_EventOrganizerID', '402'],
    ['_EventShowMap', '1'], ['_EventShowMapLink', ''], ['_EventCost', '20'], ['_EventCurrencySymbol', '€'],
    ['_EventCurrencyPosition', 'postfix'], ['_EventURL', 'https://tickets.example.org/?a=1&b=2'], ['_EventOrigin', 'events-calendar'],
    ['_tribe_featured', '1'], ['_ecp_custom_2', 'Bring a cushion'],
  ],
};

const TRICKY: ExportEvent = {
  ...baseEvent(202),
  status: 'draft', slug: '', title: 'Ends with ]]> and <b>&amp;', description: 'a]]>b]]]]>c <![CDATA[ x ]]>', excerpt: ']]>',
  allDay: true, sticky: true, password: 'secret]]>', createdUtc: '0000-00-00 00:00:00',
  venue: VENUE, organizers: [BOB],
  categories: [{ id: 13, name: 'Family', slug: 'family' }, { id: 11, name: 'Music', slug: 'music' }],
  meta: [
    ...dateMeta('2024-07-06 00:00:00', '2024-07-06 23:59:59', '2024-07-05 22:00:00', '2024-07-06 21:59:59', 'Europe/Zurich'),
    ['_EventAllDay', 'yes'], ['_EventVenueID', '301'], ['_EventOrganizerID', '402'], ['_EventHideFromUpcoming', 'yes'],
    ['_EventCost', '0'], ['_EventCost', '5'], ['note', 'value with ]]> inside and a \u0001control'],
  ],
};

const OPTIONS: WxrWriteOptions = {
  // A child listed before its parent: the channel must still declare the parent first.
  categories: [{ id: 12, name: 'Jazz &amp; Blues', slug: 'jazz', parent: 11, description: 'All that <em>jazz</em>' }, { id: 11, name: 'Music', slug: 'music' }, { id: 13, name: 'Family', slug: 'family', parent: 0 }],
  tags: [{ id: 8, name: 'Outdoor', slug: 'outdoor', description: 'Open air' }, { id: 9, name: 'News', slug: 'news' }],
  now: new Date('2024-05-07T09:12:44Z'),
};

/** Collects what is written; optionally slow, to make the writer wait for 'drain'. */
class Collector extends Writable {
  chunks: string[] = [];
  constructor(private readonly onChunk: (chunk: string) => void = () => {}, slow = false) {
    super({ highWaterMark: slow ? 256 : 16384, decodeStrings: false });
    this.slow = slow;
  }
  private readonly slow: boolean;
  override _write(chunk: string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.onChunk(chunk);
    if (this.slow) setImmediate(done);
    else done();
  }
  get text(): string {
    return this.chunks.join('');
  }
}

async function* generate<T>(records: T[]): AsyncGenerator<T> {
  for (const record of records) yield record;
}

async function written(events: ExportEvent[], options: WxrWriteOptions = OPTIONS): Promise<string> {
  const out = new Collector();
  await writeWxr(generate(events), out, site, options);
  return out.text;
}

interface Element { name: string; attributes: Record<string, string>; text: string; children: Element[] }

/** Parses with saxes (namespaces on): throws unless well-formed with every prefix bound. */
function tree(xml: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Element[] = [{ name: '#document', attributes: {}, text: '', children: [] }];
  parser.on('error', (err) => { throw err; });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const element: Element = { name: tag.name, attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])), text: '', children: [] };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  parser.on('text', (t) => { stack[stack.length - 1]!.text += t; });
  parser.on('cdata', (t) => { stack[stack.length - 1]!.text += t; });
  parser.on('closetag', () => { stack.pop(); });
  parser.write(xml).close();
  return stack[0]!.children[0]!;
}

const child = (element: Element, name: string) => element.children.find((c) => c.name === name)!;
const items = (root: Element) => child(root, 'channel').children.filter((c) => c.name === 'item');
const field = (item: Element, name: string) => child(item, name).text;

describe('transfer/wxr writeWxr', () => {
  it('writes a well-formed WXR 1.2 channel with WordPress namespaces and site header', async () => {
    const root = tree(await written([JAZZ]));
    expect(root.name).to.equal('rss');
    expect(root.attributes).to.deep.equal({
      version: '2.0',
      'xmlns:excerpt': 'http://wordpress.org/export/1.2/excerpt/',
      'xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
      'xmlns:wfw': 'http://wellformedweb.org/CommentAPI/',
      'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      'xmlns:wp': 'http://wordpress.org/export/1.2/',
    });
    const channel = child(root, 'channel');
    expect(channel.children.slice(0, 9).map((c) => [c.name, c.text])).to.deep.equal([
      ['title', 'Town & Country Events'], ['link', 'https://cal.example.org'], ['description', 'What’s on'],
      ['pubDate', 'Tue, 07 May 2024 09:12:44 +0000'], ['language', 'en-US'], ['generator', 'wpcal'], ['wp:wxr_version', '1.2'],
      ['wp:base_site_url', 'https://cal.example.org/wp'], ['wp:base_blog_url', 'https://cal.example.org'],
    ]);
  });

  it('declares categories parents first (parent by slug) and tags, before the items', async () => {
    const channel = child(tree(await written([JAZZ])), 'channel');
    const terms = channel.children.filter((c) => c.name === 'wp:term' || c.name === 'wp:tag');
    expect(terms.map((t) => Object.fromEntries(t.children.map((c) => [c.name, c.text])))).to.deep.equal([
      { 'wp:term_id': '11', 'wp:term_taxonomy': 'tribe_events_cat', 'wp:term_slug': 'music', 'wp:term_parent': '', 'wp:term_name': 'Music' },
      { 'wp:term_id': '12', 'wp:term_taxonomy': 'tribe_events_cat', 'wp:term_slug': 'jazz', 'wp:term_parent': 'music', 'wp:term_name': 'Jazz &amp; Blues', 'wp:term_description': 'All that <em>jazz</em>' },
      { 'wp:term_id': '13', 'wp:term_taxonomy': 'tribe_events_cat', 'wp:term_slug': 'family', 'wp:term_parent': '', 'wp:term_name': 'Family' },
      { 'wp:tag_slug': 'outdoor', 'wp:term_id': '8', 'wp:tag_name': 'Outdoor', 'wp:tag_description': 'Open air' },
      { 'wp:term_id': '9', 'wp:tag_slug': 'news', 'wp:tag_name': 'News' },
    ]);
    expect(channel.children.findIndex((c) => c.name === 'item')).to.be.greaterThan(channel.children.lastIndexOf(terms.at(-1)!));
  });

  it('writes an event item as WordPress does, with every meta row and its terms', async () => {
    const root = tree(await written([JAZZ]));
    const event = items(root).find((i) => field(i, 'wp:post_type') === 'tribe_events')!;
    expect(event.children.slice(0, 23).map((c) => [c.name, c.text])).to.deep.equal([
      ['title', 'Jazz — Café Session'], ['link', 'https://cal.example.org/event/event-201/'], ['pubDate', 'Thu, 04 Apr 2024 08:30:00 +0000'],
      ['dc:creator', ''], ['guid', 'https://cal.example.org/?post_type=tribe_events&p=201'], ['description', ''],
      ['content:encoded', '<p>Swing &amp; bebop · 日本語 · 🎷</p>'], ['excerpt:encoded', 'Swing & bebop'], ['wp:post_id', '201'],
      ['wp:post_date', '2024-04-04 10:30:00'], ['wp:post_date_gmt', '2024-04-04 08:30:00'],
      ['wp:post_modified', '2024-04-20 16:00:00'], ['wp:post_modified_gmt', '2024-04-20 14:00:00'],
      ['wp:comment_status', 'closed'], ['wp:ping_status', 'closed'], ['wp:post_name', 'jazz-night'], ['wp:status', 'publish'],
      ['wp:post_parent', '0'], ['wp:menu_order', '0'], ['wp:post_type', 'tribe_events'], ['wp:post_password', ''], ['wp:is_sticky', '0'],
      ['category', 'Jazz &amp; Blues'],
    ]);
    expect(child(event, 'guid').attributes).to.deep.equal({ isPermaLink: 'false' });
    expect(event.children.filter((c) => c.name === 'category').map((c) => c.attributes)).to.deep.equal([
      { domain: 'tribe_events_cat', nicename: 'jazz' }, { domain: 'post_tag', nicename: 'outdoor' },
    ]);
    const meta = event.children.filter((c) => c.name === 'wp:postmeta').map((m) => [field(m, 'wp:meta_key'), field(m, 'wp:meta_value')]);
    expect(meta).to.deep.equal(JAZZ.meta);
  });

  it('writes each venue and organizer once, before the first event linking it, with their meta', async () => {
    const root = tree(await written([JAZZ, TRICKY]));
    expect(items(root).map((i) => [field(i, 'wp:post_type'), field(i, 'wp:post_id')])).to.deep.equal([
      ['tribe_venue', '301'], ['tribe_organizer', '401'], ['tribe_organizer', '402'], ['tribe_events', '201'], ['tribe_events', '202'],
    ]);
    const [venue, ana, bob] = items(root);
    const metaOf = (item: Element) => item.children.filter((c) => c.name === 'wp:postmeta').map((m) => [field(m, 'wp:meta_key'), field(m, 'wp:meta_value')]);
    expect(metaOf(venue!)).to.deep.equal([
      ['_VenueAddress', '1 Main St'], ['_VenueCity', 'Zürich'], ['_VenueCountry', 'Switzerland'], ['_VenueProvince', 'ZH'],
      ['_VenuePhone', '555'], ['_VenueURL', 'https://hall.example.org'], ['_VenueStateProvince', 'ZH'],
      ['_VenueShowMap', '1'], ['_VenueShowMapLink', 'false'],
    ]);
    expect(metaOf(ana!)).to.deep.equal([['_OrganizerPhone', '555-0100'], ['_OrganizerEmail', 'ana@example.org']]);
    expect(metaOf(bob!)).to.deep.equal([['_OrganizerWebsite', 'https://bob.example.org']]);
    expect([field(venue!, 'title'), field(venue!, 'content:encoded'), field(venue!, 'wp:status'), field(venue!, 'guid')])
      .to.deep.equal(['Hall <North>', 'By the <em>river</em>', 'publish', 'https://cal.example.org/?post_type=tribe_venue&p=301']);
  });

  it('writes every venue and organizer it is given (a backup) before the events, each once, with status, slug and a draft\'s local date', async () => {
    const backRoom = { id: 302, venue: 'Back Room', status: 'draft', date: '2024-01-02 03:04:05' };
    const renamed = { ...VENUE, slug: 'hall-north-old', status: 'publish', dateUtc: '2024-01-01 10:00:00' };
    const root = tree(await written([JAZZ], { ...OPTIONS, venues: generate([renamed, backRoom]), organizers: generate([ANA]) }));
    expect(items(root).map((i) => [field(i, 'wp:post_type'), field(i, 'wp:post_id')])).to.deep.equal([
      ['tribe_venue', '301'], ['tribe_venue', '302'], ['tribe_organizer', '401'], ['tribe_organizer', '402'], ['tribe_events', '201'],
    ]);
    const [hall, back] = items(root);
    expect(['wp:post_name', 'wp:status', 'wp:post_date', 'wp:post_date_gmt'].map((name) => field(hall!, name)))
      .to.deep.equal(['hall-north-old', 'publish', '2024-01-01 11:00:00', '2024-01-01 10:00:00']);
    expect(['wp:post_name', 'wp:status', 'wp:post_date', 'wp:post_date_gmt'].map((name) => field(back!, name)))
      .to.deep.equal(['', 'draft', '2024-01-02 03:04:05', '']);
  });

  it('splits ]]> across CDATA sections and drops characters XML cannot carry', async () => {
    const text = await written([TRICKY]);
    expect(text).to.include('<title><![CDATA[Ends with ]]]]><![CDATA[> and <b>&amp;]]></title>');
    const event = items(tree(text)).find((i) => field(i, 'wp:post_type') === 'tribe_events')!;
    expect(field(event, 'title')).to.equal('Ends with ]]> and <b>&amp;');
    expect(field(event, 'content:encoded')).to.equal('a]]>b]]]]>c <![CDATA[ x ]]>');
    expect(field(event, 'wp:post_password')).to.equal('secret]]>');
    expect(field(event, 'wp:menu_order')).to.equal('-1');
    expect(field(event, 'pubDate')).to.equal('');
    expect(field(event, 'wp:post_date_gmt')).to.equal('0000-00-00 00:00:00');
  });

  it('round trip: what it writes parses back into the same records', async () => {
    const batch = await parseWxr(await written([JAZZ, TRICKY, baseEvent(203)]), 'export.xml');
    expect(batch.problems).to.deep.equal([]);
    expect(batch.skipped).to.equal(0);
    expect(batch.venues).to.deep.equal([{
      key: 'wxr:301', wantedId: 301, venue: 'Hall <North>', description: 'By the <em>river</em>', address: '1 Main St', city: 'Zürich',
      country: 'Switzerland', province: 'ZH', phone: '555', website: 'https://hall.example.org', showMap: true, showMapLink: false, status: 'publish',
    }]);
    expect(batch.organizers).to.deep.equal([
      { key: 'wxr:401', wantedId: 401, organizer: 'Ana', description: '', phone: '555-0100', email: 'ana@example.org', status: 'publish' },
      { key: 'wxr:402', wantedId: 402, organizer: 'Bob & Co', description: '', website: 'https://bob.example.org', status: 'publish' },
    ]);
    expect(batch.categories).to.deep.equal([
      { key: 'category:music', name: 'Music', slug: 'music', wantedId: 11 },
      { key: 'category:jazz', name: 'Jazz &amp; Blues', slug: 'jazz', description: 'All that <em>jazz</em>', parentKey: 'category:music', wantedId: 12 },
      { key: 'category:family', name: 'Family', slug: 'family', wantedId: 13 },
    ]);
    // A wpcal export declares calendar tags only: every declared one comes back, used or not.
    expect(batch.tags).to.deep.equal([
      { key: 'tag:outdoor', name: 'Outdoor', slug: 'outdoor', description: 'Open air', wantedId: 8 },
      { key: 'tag:news', name: 'News', slug: 'news', wantedId: 9 },
    ]);
    expect(batch.events).to.deep.equal([
      {
        key: 'wxr:201', wantedId: 201, title: 'Jazz — Café Session', description: '<p>Swing &amp; bebop · 日本語 · 🎷</p>', excerpt: 'Swing & bebop',
        status: 'publish', slug: 'jazz-night', date: '2024-04-04 10:30:00', dateUtc: '2024-04-04 08:30:00', modifiedUtc: '2024-04-20 14:00:00',
        startDate: '2024-06-14 19:30:00', endDate: '2024-06-14 22:00:00', allDay: false, timezone: 'Europe/Zurich',
        cost: '20', currencySymbol: '€', currencyPosition: 'postfix', website: 'https://tickets.example.org/?a=1&b=2',
        featured: true, sticky: false, hideFromListings: false, showMap: true, showMapLink: false,
        venueKey: 'wxr:301', organizerKeys: ['wxr:401', 'wxr:402'], categories: ['category:jazz'], tags: ['tag:outdoor'],
        meta: [['_ecp_custom_2', 'Bring a cushion']],
      },
      {
        key: 'wxr:202', wantedId: 202, title: 'Ends with ]]> and <b>&amp;', description: 'a]]>b]]]]>c <![CDATA[ x ]]>', excerpt: ']]>',
        status: 'draft', password: 'secret]]>', modifiedUtc: '2024-04-20 14:00:00',
        startDate: '2024-07-06 00:00:00', endDate: '2024-07-06 23:59:59', allDay: true, timezone: 'Europe/Zurich', cost: ['0', '5'],
        featured: false, sticky: true, hideFromListings: true,
        venueKey: 'wxr:301', organizerKeys: ['wxr:402'], categories: ['category:family', 'category:music'], tags: [],
        meta: [['note', 'value with ]]> inside and a control']],
      },
      {
        key: 'wxr:203', wantedId: 203, title: 'Event 203', description: '', excerpt: '',
        status: 'publish', slug: 'event-203', date: '2024-04-04 10:30:00', dateUtc: '2024-04-04 08:30:00', modifiedUtc: '2024-04-20 14:00:00',
        startDate: '2024-06-14 19:30:00', endDate: '2024-06-14 22:00:00', allDay: false, timezone: 'Europe/Zurich',
        featured: false, sticky: false, hideFromListings: false, organizerKeys: [], categories: [], tags: [], meta: [],
      },
    ]);
  });

  it('without declared terms, still carries each event term (flat) and round-trips it', async () => {
    const batch = await parseWxr(await written([JAZZ], {}), 'export.xml');
    expect(batch.categories).to.deep.equal([{ key: 'category:jazz', name: 'Jazz &amp; Blues', slug: 'jazz' }]);
    expect(batch.tags).to.deep.equal([{ key: 'tag:outdoor', name: 'Outdoor', slug: 'outdoor' }]);
    expect(batch.events[0]!.categories).to.deep.equal(['category:jazz']);
  });

  it('streams: 5000 events from an async generator are written while the generator still runs, through backpressure', async () => {
    const total = 5000;
    let produced = 0;
    let producedAtFirstItem = -1;
    let itemCount = 0;
    let mostBuffered = 0;
    const out: Collector = new Collector((chunk) => {
      mostBuffered = Math.max(mostBuffered, out.writableLength);
      const count = chunk.split('<item>').length - 1;
      if (count > 0 && producedAtFirstItem < 0) producedAtFirstItem = produced;
      itemCount += count;
    }, true);
    async function* many(): AsyncGenerator<ExportEvent> {
      for (let i = 1; i <= total; i++) {
        produced = i;
        // Each event is built on demand; none is kept by the generator.
        yield { ...baseEvent(1000 + i), venue: { ...VENUE, id: 1 + (i % 3) }, description: 'x'.repeat(200) };
      }
    }
    await writeWxr(many(), out, site, OPTIONS);
    expect(producedAtFirstItem).to.be.within(1, 2);
    // Without waiting for 'drain' the whole document would pile up in the stream's buffer.
    expect(mostBuffered).to.be.below(16 * 1024);
    expect(itemCount).to.equal(total + 3);
    const batch = await parseWxr(out.text, 'big.xml');
    expect(batch.events).to.have.length(total);
    expect(batch.venues.map((v) => v.key)).to.deep.equal(['wxr:2', 'wxr:3', 'wxr:1']);
    expect(batch.events.at(-1)!.key).to.equal(`wxr:${1000 + total}`);
  });

  it('rejects when the output stream fails, and stops pulling events', async () => {
    let pulled = 0;
    async function* events(): AsyncGenerator<ExportEvent> {
      for (let i = 1; i <= 1000; i++) {
        pulled = i;
        yield baseEvent(i);
      }
    }
    const out = new Writable({
      highWaterMark: 64,
      write(_chunk, _encoding, done) { setImmediate(() => done(new Error('disk full'))); },
    });
    let error: Error | null = null;
    try {
      await writeWxr(events(), out, site, OPTIONS);
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message).to.equal('disk full');
    expect(pulled).to.be.below(1000);
  });
});
