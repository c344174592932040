import { expect } from 'chai';
import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { EventRecord, ImportBatch } from '../../src/transfer/records.ts';
import { parseWxr } from '../../src/transfer/wxr/parse.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/wxr/${name}`, import.meta.url));
const CALENDAR = fixture('calendar.xml');

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

/** A minimal WXR document around the given items. */
function wxr(items: string, wpNamespace = 'http://wordpress.org/export/1.2/'): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="${wpNamespace}">
<channel><wp:wxr_version>1.2</wp:wxr_version>
${items}
</channel></rss>`;
}

describe('transfer/wxr parseWxr', () => {
  let batch: ImportBatch;
  before(async () => {
    batch = await parseWxr(createReadStream(CALENDAR), 'calendar.xml');
  });

  it('reads venues with their _Venue* meta, status, slug and publication date, keyed by exported post ID', () => {
    expect(batch.venues).to.deep.equal([{
      key: 'wxr:101', wantedId: 101, venue: 'Riverside Hall', description: '<p>Step-free access from Quai Süd.</p>',
      status: 'publish', slug: 'riverside-hall', date: '2024-04-03 11:00:00', dateUtc: '2024-04-03 10:00:00',
      modifiedUtc: '2024-04-03 10:00:00',
      address: '12 Quai Süd', city: 'Zürich', country: 'Switzerland', province: 'ZH', zip: '8001',
      phone: '+41 44 000 00 00', website: 'https://hall.example.ch', showMap: true, showMapLink: false,
    }]);
  });

  it('reads organizers with their _Organizer* meta, status, slug and publication date', () => {
    expect(batch.organizers).to.deep.equal([
      {
        key: 'wxr:102', wantedId: 102, organizer: 'Ana Müller', description: '', status: 'publish', slug: 'ana-muller',
        date: '2024-04-03 11:05:00', dateUtc: '2024-04-03 10:05:00', modifiedUtc: '2024-04-03 10:05:00', phone: '555-0100', website: 'https://ana.example.org', email: 'ana@example.org',
      },
      {
        key: 'wxr:103', wantedId: 103, organizer: 'Riverside Jazz Collective', description: 'A collective of local players.',
        status: 'publish', slug: 'riverside-jazz-collective', date: '2024-04-03 11:06:00', dateUtc: '2024-04-03 10:06:00',
        modifiedUtc: '2024-04-03 10:06:00',
      },
    ]);
  });

  it('reads an event: CDATA HTML and non-ASCII text, dates, cost, flags, links, terms and extra meta', () => {
    const expected: EventRecord = {
      key: 'wxr:110', wantedId: 110,
      title: 'Jazz by the River — Café Session',
      description: '<p>An evening of <strong>swing</strong> &amp; bebop.</p>\n<!-- wp:paragraph -->\n'
        + '<p>Tickets: 20 € at the door · 日本語の案内あり · 🎷</p>\n<!-- /wp:paragraph -->',
      excerpt: 'Swing & bebop by the river.',
      status: 'publish', slug: 'jazz-by-the-river', date: '2024-04-04 10:30:00', dateUtc: '2024-04-04 08:30:00',
      modifiedUtc: '2024-04-20 14:00:00',
      startDate: '2024-06-14 19:30:00', endDate: '2024-06-14 22:00:00', allDay: false, timezone: 'Europe/Zurich',
      cost: '20', currencySymbol: '€', currencyPosition: 'postfix',
      website: 'https://tickets.example.org/jazz?lang=de&ref=wxr',
      featured: true, sticky: false, hideFromListings: false, showMap: false, showMapLink: true,
      venueKey: 'wxr:101', organizerKeys: ['wxr:103', 'wxr:102'],
      categories: ['category:jazz'], tags: ['tag:outdoor', 'tag:late-night'],
      // The featured image: the file of the attachment item its _thumbnail_id names.
      image: 'https://arts.example.org/wp-content/uploads/2024/04/poster-jazz.jpg',
      // Derived keys, _EventOrigin, the edit lock and _thumbnail_id itself stay behind;
      // the comment's commentmeta is not postmeta.
      meta: [['_EventCurrencyCode', 'EUR'], ['_ecp_custom_2', 'Bring a cushion']],
    };
    expect(batch.events[0]).to.deep.equal(expected);
  });

  it('reads a draft all-day event: password, sticky, several cost rows, hidden, split CDATA; drops a link to a venue not in the file', () => {
    expect(batch.events[1]).to.deep.equal({
      key: 'wxr:111', wantedId: 111, title: 'Family Day',
      description: 'Games, crafts & music for all ages. ]]>', excerpt: '',
      status: 'draft', date: '2024-04-05 09:00:00', modifiedUtc: '2024-04-05 07:00:00', password: 'kids2024',
      startDate: '2024-07-06 00:00:00', endDate: '2024-07-06 23:59:59', allDay: true, timezone: 'UTC+2',
      cost: ['0', '5'], currencyPosition: 'prefix',
      featured: false, sticky: true, hideFromListings: true,
      organizerKeys: [], categories: ['category:family', 'category:music'], tags: [], meta: [],
    });
  });

  it('turns an event without _EventStartDate into a problem naming file, line, item index and post ID', () => {
    expect(batch.events.map((e) => e.key)).to.deep.equal(['wxr:110', 'wxr:111']);
    expect(batch.problems).to.deep.equal([{ where: 'calendar.xml:456: item 8 (post ID 112)', reason: 'missing _EventStartDate' }]);
  });

  it('counts the post, the page and the attachment as skipped', () => {
    expect(batch.skipped).to.equal(3);
  });

  it('takes every event category (parents first, parent by nicename) and only the tags events use, with their declared term IDs', () => {
    expect(batch.categories).to.deep.equal([
      { key: 'category:music', name: 'Music', slug: 'music', wantedId: 11 },
      {
        key: 'category:jazz', name: 'Jazz &amp; Blues', slug: 'jazz', description: 'Swing, bebop and <em>everything</em> after',
        parentKey: 'category:music', wantedId: 12,
      },
      { key: 'category:family', name: 'Family', slug: 'family', wantedId: 13 },
    ]);
    expect(batch.tags).to.deep.equal([
      { key: 'tag:outdoor', name: 'Outdoor', slug: 'outdoor', description: 'Held in the open air', wantedId: 8 },
      { key: 'tag:late-night', name: 'Late night', slug: 'late-night' },
    ]);
  });

  it('takes every declared tag of a wpcal export (its tags are the calendar\'s)', async () => {
    const declared = '<generator>wpcal</generator><wp:tag><wp:term_id>5</wp:term_id><wp:tag_slug>unused</wp:tag_slug><wp:tag_name>Unused</wp:tag_name></wp:tag>';
    expect((await parseWxr(wxr(declared), 'backup.xml')).tags).to.deep.equal([{ key: 'tag:unused', name: 'Unused', slug: 'unused', wantedId: 5 }]);
    const fromWordPress = declared.replace('<generator>wpcal</generator>', '<generator>https://wordpress.org/?v=6.5.3</generator>');
    expect((await parseWxr(wxr(fromWordPress), 'site.xml')).tags).to.deep.equal([]);
  });

  it('gives the same batch from a string and from a stream cut inside multi-byte characters', async () => {
    const bytes = readFileSync(CALENDAR);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const fromChunks = await parseWxr(Readable.from(chunks), 'calendar.xml');
    const fromString = await parseWxr(bytes.toString('utf8'), 'calendar.xml');
    expect(fromChunks).to.deep.equal(batch);
    expect(fromString).to.deep.equal(batch);
  });

  it('accepts the WXR 1.1 namespace', async () => {
    const text = readFileSync(CALENDAR, 'utf8').replaceAll('http://wordpress.org/export/1.2/', 'http://wordpress.org/export/1.1/');
    expect(await parseWxr(text, 'old.xml')).to.deep.equal({ ...batch, problems: [{ ...batch.problems[0]!, where: 'old.xml:456: item 8 (post ID 112)' }] });
  });

  it('rejects a truncated file naming file and line', async () => {
    const err = await rejection(parseWxr(createReadStream(fixture('truncated.xml')), 'truncated.xml'));
    expect(err.message).to.equal('truncated.xml:301:0: unclosed tag: wp:postmeta (the WXR file is truncated or not well-formed XML)');
  });

  it('rejects malformed XML naming file, line and column', async () => {
    const err = await rejection(parseWxr(createReadStream(fixture('malformed.xml')), 'malformed.xml'));
    expect(err.message).to.equal('malformed.xml:14:47: unexpected close tag (the WXR file is truncated or not well-formed XML)');
  });

  it('rejects XML that is not a WordPress export', async () => {
    expect((await rejection(parseWxr('<rss><channel><title>Blog</title></channel></rss>', 'feed.xml'))).message)
      .to.equal('feed.xml: not a WordPress export (no wp:wxr_version in the channel)');
    expect((await rejection(parseWxr('<feed/>', 'atom.xml'))).message)
      .to.equal('atom.xml: not a WordPress export (root element <feed>, expected <rss>)');
    expect((await rejection(parseWxr('', 'empty.xml'))).message).to.match(/^empty\.xml:1:0: document must contain a root element/);
  });

  it('reports items without a usable post ID and linked posts without a title, and drops links to them', async () => {
    const result = await parseWxr(wxr(`
<item><title>No ID</title><wp:post_id>abc</wp:post_id><wp:post_type>tribe_events</wp:post_type></item>
<item><title></title><wp:post_id>7</wp:post_id><wp:post_type>tribe_venue</wp:post_type></item>
<item><title>  </title><wp:post_id>8</wp:post_id><wp:post_type>tribe_organizer</wp:post_type></item>
<item><title>Gig</title><wp:post_id>9</wp:post_id><wp:post_type>tribe_events</wp:post_type>
  <wp:postmeta><wp:meta_key>_EventVenueID</wp:meta_key><wp:meta_value>7</wp:meta_value></wp:postmeta>
  <wp:postmeta><wp:meta_key>_EventOrganizerID</wp:meta_key><wp:meta_value>8</wp:meta_value></wp:postmeta>
</item>`), 'mini.xml');
    expect(result.problems).to.deep.equal([
      { where: 'mini.xml:5: item 1 (post ID abc)', reason: 'missing or invalid wp:post_id' },
      { where: 'mini.xml:6: item 2 (post ID 7)', reason: 'the venue has no title' },
      { where: 'mini.xml:7: item 3 (post ID 8)', reason: 'the organizer has no title' },
      { where: 'mini.xml:8: item 4 (post ID 9)', reason: 'missing _EventStartDate and _EventEndDate' },
    ]);
    expect(result.events).to.deep.equal([]);
    expect(result.skipped).to.equal(0);
  });

  it('links only venues and organizers present in the file, whatever the item order', async () => {
    const meta = (key: string, value: string) => `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value>${value}</wp:meta_value></wp:postmeta>`;
    const result = await parseWxr(wxr(`
<item><title>Gig</title><wp:post_id>9</wp:post_id><wp:post_type>tribe_events</wp:post_type>
  ${meta('_EventStartDate', '2024-01-01 10:00:00')}${meta('_EventEndDate', '2024-01-01 11:00:00')}
  ${meta('_EventVenueID', '7')}${meta('_EventOrganizerID', '8')}${meta('_EventOrganizerID', '404')}${meta('_EventOrganizerID', '8')}
</item>
<item><title>Hall</title><wp:post_id>7</wp:post_id><wp:post_type>tribe_venue</wp:post_type></item>
<item><title>Org</title><wp:post_id>8</wp:post_id><wp:post_type>tribe_organizer</wp:post_type></item>`), 'mini.xml');
    expect(result.events[0]!.venueKey).to.equal('wxr:7');
    expect(result.events[0]!.organizerKeys).to.deep.equal(['wxr:8']);
  });

  it('survives a parent cycle among categories', async () => {
    const term = (slug: string, parent: string) => `<wp:term><wp:term_taxonomy>tribe_events_cat</wp:term_taxonomy><wp:term_slug>${slug}</wp:term_slug>`
      + `<wp:term_parent>${parent}</wp:term_parent><wp:term_name>${slug.toUpperCase()}</wp:term_name></wp:term>`;
    const result = await parseWxr(wxr(term('a', 'b') + term('b', 'a')), 'cycle.xml');
    expect(result.categories).to.deep.equal([
      { key: 'category:b', name: 'B', slug: 'b' },
      { key: 'category:a', name: 'A', slug: 'a', parentKey: 'category:b' },
    ]);
  });
});
