// The query catalogue: every export of src/data/ that issues SQL, called with small realistic
// sample arguments (fixed: no clock, no randomness) on the recording executors of
// query-recorder.ts, one case per branch worth seeing. Statements that depend on what an earlier
// one read get canned `answers` (the recording driver answers an empty result otherwise). Every
// other exported function or class is listed under `noSql` (issues none) or `uncatalogued`
// (issues SQL that no snapshot shows, and why): test/unit/query-snapshots.test.ts fails when an
// export of src/data/*.ts is in none of the three.
//
// Kept under test/support rather than src/data/queries: it is test tooling (sample data, a fake
// driver, sql-formatter, a dev dependency), and src/ is what `wpcal` runs; src/data/queries holds
// only its output, the files a reviewer reads.
import * as attachments from '../../src/data/attachments.ts';
import * as bulkInsert from '../../src/data/bulk-insert.ts';
import * as connect from '../../src/data/connect.ts';
import * as eventList from '../../src/data/event-list.ts';
import * as events from '../../src/data/events.ts';
import * as failures from '../../src/data/failures.ts';
import * as idLists from '../../src/data/id-lists.ts';
import * as innodbChanges from '../../src/data/innodb-changes.ts';
import * as innodbFootprints from '../../src/data/innodb-footprints.ts';
import * as outsideEpochs from '../../src/data/outside-epochs.ts';
import * as ownPostStamps from '../../src/data/own-post-stamps.ts';
import * as linkedPosts from '../../src/data/linked-posts.ts';
import * as metaChanges from '../../src/data/meta-changes.ts';
import * as mysqlPool from '../../src/data/mysql-pool.ts';
import * as oembedCache from '../../src/data/oembed-cache.ts';
import * as queuedWrites from '../../src/data/queued-writes.ts';
import * as together from '../../src/data/together.ts';
import * as options from '../../src/data/options.ts';
import * as postQueries from '../../src/data/post-queries.ts';
import * as postSelection from '../../src/data/post-selection.ts';
import * as posts from '../../src/data/posts.ts';
import * as savepoint from '../../src/data/savepoint.ts';
import * as schema from '../../src/data/schema.ts';
import * as search from '../../src/data/search.ts';
import * as changeLog from '../../src/data/change-log.ts';
import * as mysqlChangeLog from '../../src/data/mysql-change-log.ts';
import * as sqliteChangeLog from '../../src/data/sqlite-change-log.ts';
import * as sqliteImmediate from '../../src/data/sqlite-immediate.ts';
import * as sqliteOutside from '../../src/data/sqlite-outside.ts';
import * as sqliteStatements from '../../src/data/sqlite-statements.ts';
import * as tableDiscovery from '../../src/data/table-discovery.ts';
import * as tablePrefix from '../../src/data/table-prefix.ts';
import { TABLE_NAMES, type PostRow } from '../../src/data/tables.ts';
import * as termQueries from '../../src/data/term-queries.ts';
import * as terms from '../../src/data/terms.ts';
import * as transaction from '../../src/data/transaction.ts';
import * as users from '../../src/data/users.ts';
import { EVENT_LIST_META as LIST_KEY_META } from '../../src/domain/events/list-query.ts';
import { PREFIX, moduleEntry, type ModuleEntry } from './query-recorder.ts';

// Sample data: an event (post 12, a second one 13), its venue (7) and organizer (8), a category
// (term 5, term_taxonomy 5), a tag (term_taxonomy 9), user 1; "now" is 2026-03-01 12:00:00 UTC.
const EVENT = 'tribe_events';
const VENUE = 'tribe_venue';
const CATEGORY = 'tribe_events_cat';
const TAG = 'post_tag';
const NOW = '2026-03-01 12:00:00';
const LISTED = ['publish', 'private'];

const EVENT_POST: PostRow = {
  ID: 12, post_author: 1, post_date: '2026-02-20 09:30:00', post_date_gmt: '2026-02-20 08:30:00',
  post_content: 'Quartet and friends.', post_title: 'Jazz Night', post_excerpt: '', post_status: 'publish',
  comment_status: 'closed', ping_status: 'closed', post_password: '', post_name: 'jazz-night', to_ping: '',
  pinged: '', post_modified: '2026-02-20 09:30:00', post_modified_gmt: '2026-02-20 08:30:00',
  post_content_filtered: '', post_parent: 0, guid: 'https://example.org/?post_type=tribe_events&p=12',
  menu_order: 0, post_type: EVENT, post_mime_type: '', comment_count: 0,
};

const CATEGORY_TERM: terms.Term = {
  term_id: 5, name: 'Music', slug: 'music', term_group: 0, term_taxonomy_id: 5, taxonomy: CATEGORY,
  description: '', parent: 0, count: 3,
};

const EVENT_ROWS: events.EventRows = {
  event: {
    post_id: 12, start_date: '2026-03-14 19:00:00', end_date: '2026-03-14 23:00:00',
    start_date_utc: '2026-03-14 18:00:00', end_date_utc: '2026-03-14 22:00:00', duration: 14400,
    timezone: 'Europe/Berlin', updated_at: NOW,
  },
  occurrence: {
    post_id: 12, start_date: '2026-03-14 19:00:00', end_date: '2026-03-14 23:00:00',
    start_date_utc: '2026-03-14 18:00:00', end_date_utc: '2026-03-14 22:00:00', duration: 14400,
    hash: '5d41402abc4b2a76b9719d911017c592', updated_at: NOW,
  },
};

/** GET /events with its defaults: listed statuses, ends after now, event-local columns. */
const DEFAULT_LIST: eventList.EventListFilter = {
  postType: EVENT, statuses: ['publish'], hiddenByMeta: '_EventHideFromUpcoming',
  bounds: [{ field: 'end', operator: '>=', value: NOW }], utcColumns: false, orderByUtc: false,
  termTaxonomyIds: [], metaIds: [],
};

/** GET /events with every filter: search, categories and tags, venue and organizer, featured, parent. */
const FILTERED_LIST: eventList.EventListFilter = {
  postType: EVENT, statuses: ['publish', 'private', 'publish'], hiddenByMeta: '_EventHideFromUpcoming',
  bounds: [{ field: 'start', operator: '>=', value: '2026-03-01 00:00:00' }, { field: 'end', operator: '<=', value: '2026-03-31 23:59:59' }],
  utcColumns: true, orderByUtc: true,
  search: [{ text: 'jazz', exclude: false }, { text: '50%_off', exclude: true }], passwordless: true,
  termTaxonomyIds: [[5, 6], [9]], metaIds: [{ key: '_EventVenueID', ids: [7] }, { key: '_EventOrganizerID', ids: [] }],
  metaPresence: { key: '_tribe_featured', present: true }, postParent: 0,
};

const EXPORT_ALL: postSelection.PostSelection = { postType: EVENT, statuses: LISTED, termTaxonomyIds: [], meta: [] };

const EXPORT_FILTERED: postSelection.PostSelection = {
  postType: EVENT, statuses: LISTED, termTaxonomyIds: [[5, 6], []],
  meta: [
    { key: '_EventVenueID', compare: 'in', value: ['7'] },
    { key: '_EventEndDate', compare: '>=', value: '2026-03-01 00:00:00' },
    { key: '_EventStartDate', compare: '<=', value: '2026-03-31 23:59:59' },
  ],
  ids: [12, 13],
};

const DEFAULT_TERM_LIST: termQueries.TermListFilter = {
  includeIds: [], excludeIds: [], countedOnly: true, order: { column: 'name' }, descending: false,
};

const VENUE_SEARCH: linkedPosts.PostListFilter = {
  postType: VENUE, statuses: ['publish'], includeIds: new Set([7, 21]), excludeIds: new Set([30]),
  exceptStatus: 'trash', search: { words: ['hall', 'main'], metaKeys: ['_VenueCity', '_VenueAddress'] },
};

const POST_ROW_COLUMNS = Object.keys(EVENT_POST) as Array<keyof PostRow>;
const postRowValues = (row: PostRow, columns = POST_ROW_COLUMNS): unknown[] => columns.map((column) => row[column]);
const NUMBERED_POST_COLUMNS = POST_ROW_COLUMNS.filter((column) => column !== 'ID');

const lockConflict = () => Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213 });

export const CATALOGUE: readonly ModuleEntry[] = [
  moduleEntry('attachments', attachments, {
    cases: {
      imageAttachmentIdByGuid: [{ run: ({ reader }) => attachments.imageAttachmentIdByGuid(reader, 'https://example.org/wp-content/uploads/2026/02/poster.jpg') }],
      imageAttachmentIdByMeta: [{ run: ({ reader }) => attachments.imageAttachmentIdByMeta(reader, '_tribe_importer_original_url', 'https://example.org/poster.jpg') }],
      attachmentPage: [{ run: ({ reader }) => attachments.attachmentPage(reader, 2, 10) }],
      deleteAttachmentRows: [{ run: ({ write }) => write((trx) => attachments.deleteAttachmentRows(trx, 42)) }],
    },
    noSql: {},
    uncatalogued: {},
  }),

  moduleEntry('oembed-cache', oembedCache, {
    cases: {
      oembedCacheContents: [{ run: ({ reader }) => oembedCache.oembedCacheContents(reader, ['0f3ea2b0c3e8bb0c2dc0b6b5bb2a8b4d']) }],
    },
    noSql: {},
    uncatalogued: {},
  }),

  moduleEntry('bulk-insert', bulkInsert, {
    cases: {
      insertRows: [{
        case: 'two rows in one statement',
        run: ({ write }) => write((trx) => bulkInsert.insertRows(trx, 'postmeta', ['post_id', 'meta_key', 'meta_value'], [12, '_EventCost', '15', 13, '_EventCost', '20'])),
      }],
      insertNumberedRows: [{
        case: 'two rows numbered by the database',
        answers: [{ insertId: 40 }],
        run: ({ write }) => write((trx) => bulkInsert.insertNumberedRows(trx, 'terms', ['name', 'slug', 'term_group'], ['Jazz', 'jazz', 0, 'Blues', 'blues', 0])),
      }],
    },
    noSql: {
      chunked: 'splits an array',
      allSettled: 'waits for promises',
    },
    uncatalogued: {},
  }),

  moduleEntry('connect', connect, {
    cases: {},
    noSql: {
      parseDatabaseUrl: 'parses a URL',
      DatabaseUrlError: 'an error class',
      DatabaseUnreachableError: 'an error class',
    },
    uncatalogued: {
      openDatabase: 'opens real connections; its own statement is the connection check `SELECT 1` '
        + '(the MySQL commit-counter reads are commitCounterReader\'s, catalogued in innodb-changes)',
    },
  }),

  moduleEntry('event-list', eventList, {
    cases: {
      countListedEvents: [
        { case: 'GET /events defaults', run: ({ reader }) => eventList.countListedEvents(reader, DEFAULT_LIST, false) },
        { case: 'every filter, repeated occurrences', run: ({ reader }) => eventList.countListedEvents(reader, FILTERED_LIST, true) },
        { case: 'no status allowed', run: ({ reader }) => eventList.countListedEvents(reader, { ...DEFAULT_LIST, statuses: [] }, false) },
        {
          case: 'a window on the UTC columns, walked along the local start (no occurrence longer than 2 days, none ending before it starts, zones within a day)',
          run: ({ reader }) => eventList.countListedEvents(reader, {
            ...DEFAULT_LIST, utcColumns: true, reach: { longestDays: 2, endBeforeStartDays: 0, zoneDays: 1 },
            bounds: [{ field: 'start', operator: '>=', value: '2026-03-01 00:00:00' }, { field: 'end', operator: '<=', value: '2026-03-31 23:59:59' }],
          }, false),
        },
      ],
      listedEventIds: [
        { case: 'page 1 of the defaults, fewer events than a page', run: ({ reader }) => eventList.listedEventIds(reader, DEFAULT_LIST, 10, 0, false) },
        {
          case: 'page 1 of the defaults, no occurrence longer than 3 days',
          run: ({ reader }) => eventList.listedEventIds(reader, { ...DEFAULT_LIST, reach: { longestDays: 3, endBeforeStartDays: 0, zoneDays: 1 } }, 10, 0, false),
        },
        {
          case: 'page 3, its last event found; ordered by UTC start',
          answers: [{ rows: [{ start: '2026-03-20 18:00:00' }] }],
          run: ({ reader }) => eventList.listedEventIds(reader, {
            ...DEFAULT_LIST, orderByUtc: true, reach: { longestDays: 0, endBeforeStartDays: 0, zoneDays: 1 }, bounds: [{ field: 'start', operator: '>=', value: NOW }],
          }, 10, 20, false),
        },
        { case: 'every filter, repeated occurrences', run: ({ reader }) => eventList.listedEventIds(reader, FILTERED_LIST, 10, 0, true) },
        { case: 'include', run: ({ reader }) => eventList.listedEventIds(reader, { ...DEFAULT_LIST, include: [12, 13, 0] }, 10, 0, false) },
        { case: 'include, repeated occurrences', run: ({ reader }) => eventList.listedEventIds(reader, { ...DEFAULT_LIST, include: [12, 13] }, 10, 0, true) },
        {
          case: 'venue and featured given as the posts holding them',
          run: ({ reader }) => eventList.listedEventIds(reader, {
            ...DEFAULT_LIST, metaIds: [{ key: '_EventVenueID', ids: [7], holders: [12, 13] }], metaPresence: { key: '_tribe_featured', present: true, holders: [] },
          }, 10, 0, false),
        },
      ],
      postsMatchingSearch: [
        { case: 'words of an anonymous search', run: ({ reader }) => eventList.postsMatchingSearch(reader, 'tribe_events', [{ text: 'jazz', exclude: false }, { text: 'late', exclude: true }], true, 100_000) },
        { case: 'own writes tested again', run: ({ reader }) => eventList.postsMatchingSearch(reader, 'tribe_events', [{ text: 'jazz', exclude: false }], false, 100_000, [12, 15]) },
      ],
      postsHoldingMeta: [
        { case: 'a venue', run: ({ reader }) => eventList.postsHoldingMeta(reader, '_EventVenueID', [7, 8], 5000) },
        { case: 'featured', run: ({ reader }) => eventList.postsHoldingMeta(reader, '_tribe_featured', undefined, 5000) },
      ],
      occurrencesRepeat: [{ run: ({ reader }) => eventList.occurrencesRepeat(reader) }],
      listKeyRowCounts: [{ run: ({ reader }) => eventList.listKeyRowCounts(reader) }],
      occurrenceReach: [{ run: ({ reader, dialect }) => eventList.occurrenceReach(reader, dialect) }],
      listKeyPage: [{ run: ({ reader, dialect }) => eventList.listKeyPage(reader, dialect, LIST_KEY_META, 2000, 20_000) }],
      listKeysOfPosts: [{ run: ({ reader, dialect }) => eventList.listKeysOfPosts(reader, dialect, LIST_KEY_META, [12, 13]) }],
      listKeyMetaPage: [{ run: ({ reader }) => eventList.listKeyMetaPage(reader, LIST_KEY_META.byValue, 2000, 20_000) }],
    },
    noSql: {
      impliedWalkBounds: 'derives bounds from a filter',
      listKeyMetaWalks: 'groups the keys by dialect',
    },
    uncatalogued: {},
  }),

  moduleEntry('events', events, {
    cases: {
      saveEventRows: [
        { case: 'new post', run: ({ write }) => write((trx) => events.saveEventRows(trx, EVENT_ROWS, true)) },
        { case: 'existing post', run: ({ write }) => write((trx) => events.saveEventRows(trx, EVENT_ROWS)) },
      ],
      deleteEventRows: [{ run: ({ write }) => write((trx) => events.deleteEventRows(trx, [12, 13])) }],
      insertEventRowsBulk: [{
        case: 'two events',
        answers: [{ insertId: 3 }],
        run: ({ write }) => write((trx) => events.insertEventRowsBulk(trx, [
          EVENT_ROWS,
          { event: { ...EVENT_ROWS.event, post_id: 13 }, occurrence: { ...EVENT_ROWS.occurrence, post_id: 13 } },
        ])),
      }],
      upcomingOccurrencePostIds: [{
        run: ({ reader }) => events.upcomingOccurrencePostIds(reader, {
          postType: EVENT, statuses: ['publish'], from: NOW, exceptWithMeta: '_EventHideFromUpcoming', limit: 10,
        }),
      }],
      countPostsWithoutOccurrences: [{ run: ({ reader }) => events.countPostsWithoutOccurrences(reader, EVENT, 'auto-draft') }],
      postIdsWithoutOccurrences: [{ run: ({ reader }) => events.postIdsWithoutOccurrences(reader, EVENT, 'auto-draft', 12, 500) }],
      knownRangeRows: [{ run: ({ write }) => write((trx) => events.knownRangeRows(trx, EVENT, ['publish', 'private', 'protected'], 'tribe_events_calendar_options')) }],
    },
    noSql: {},
    uncatalogued: {},
  }),

  moduleEntry('failures', failures, {
    cases: {},
    noSql: { databaseUnavailable: 'classifies an error' },
    uncatalogued: {},
  }),

  moduleEntry('id-lists', idLists, {
    cases: {},
    noSql: {
      literalIds: 'an SQL fragment, seen inside the statements that use it',
      literalIdTexts: 'an SQL fragment, seen inside the statements that use it',
    },
    uncatalogued: {},
  }),

  moduleEntry('innodb-footprints', innodbFootprints, {
    cases: {},
    noSql: {
      InnodbFootprints: 'adds up what the pool tells it',
      TransactionFootprint: 'reads the statements and answers the pool tells it',
      statementKind: 'reads a statement\'s text',
    },
    uncatalogued: {},
  }),

  moduleEntry('innodb-changes', innodbChanges, {
    cases: {
      commitCounterReader: [
        {
          case: 'MariaDB, every table InnoDB; then one read',
          dialects: ['mysql'],
          answers: [{ rows: [{ Variable_name: 'Innodb_max_trx_id', Value: '48210' }] }, { rows: [{ n: 0 }] }],
          run: async ({ reader }) => {
            const counter = await innodbChanges.commitCounterReader(reader.withoutPlugins(), PREFIX);
            if (!counter) throw new Error('expected a reader');
            return counter.read();
          },
        },
        { case: 'no commit counter', dialects: ['mysql'], run: ({ reader }) => innodbChanges.commitCounterReader(reader.withoutPlugins(), PREFIX) },
      ],
      tableTimesReader: [{
        dialects: ['mysql'],
        answers: [{ rows: [{ now: '2026-11-26 10:00:05', name: 'wp_posts', updated: '2026-11-26 10:00:00' }] }],
        run: ({ reader }) => innodbChanges.tableTimesReader(reader.withoutPlugins(), PREFIX)(),
      }],
      oldestOpenTransactionReader: [{
        dialects: ['mysql'],
        answers: [{ rows: [{ oldest: null }] }],
        // The mark numbered as a process's first read (the process numbers them all).
        run: ({ reader }) => innodbChanges.oldestOpenTransactionReader(reader.withoutPlugins(), undefined, () => 'wpcal-open-transactions 1;')(),
      }],
    },
    noSql: {
      SettledVersions: 'shares the results of a read function it is given',
      OutsideCommits: 'judges the counter values it is given',
      TableChanges: 'judges the table times of a read function it is given',
      sweptOnce: 'compares two epochs',
    },
    uncatalogued: {},
  }),

  moduleEntry('linked-posts', linkedPosts, {
    cases: {
      countPostList: [
        { case: 'published venues', run: ({ reader }) => linkedPosts.countPostList(reader, { postType: VENUE, statuses: ['publish'], includeIds: null, excludeIds: null }) },
        { case: 'search, include and exclude', run: ({ reader }) => linkedPosts.countPostList(reader, VENUE_SEARCH) },
      ],
      postListPage: [
        { case: 'published venues, page 2', run: ({ reader }) => linkedPosts.postListPage(reader, { postType: VENUE, statuses: ['publish'], includeIds: null, excludeIds: new Set() }, 10, 10) },
        { case: 'search, include and exclude', run: ({ reader }) => linkedPosts.postListPage(reader, VENUE_SEARCH, 10, 0) },
      ],
      postsWithText: [
        { case: 'title', run: ({ reader }) => linkedPosts.postsWithText(reader, { postType: VENUE, exceptStatus: 'trash', title: 'The Hall' }) },
        { case: 'title and content', run: ({ reader }) => linkedPosts.postsWithText(reader, { postType: VENUE, exceptStatus: 'trash', title: 'The Hall', content: 'Upstairs.' }) },
      ],
    },
    noSql: {},
    uncatalogued: {},
  }),

  moduleEntry('meta-changes', metaChanges, {
    cases: {
      applyMetaChanges: [{
        case: 'a key rewritten, one replaced, one deleted, two added',
        run: ({ write }) => write((trx) => metaChanges.applyMetaChanges(trx, 12, [
          { op: 'set', key: '_EventCost', value: '15' },
          { op: 'replace', key: '_EventOrganizerID', values: ['8', '9'] },
          { op: 'delete', key: '_EventURL' },
          { op: 'add', key: '_EventCurrencySymbol', value: '$' },
          { op: 'set', key: '_EventShowMap', value: '1' },
        ], new Map([['_EventCost', ['10']], ['_EventOrganizerID', ['8']], ['_EventURL', ['https://example.org/jazz']]]))),
      }],
    },
    noSql: { metaStatements: 'plans the statements (pure)' },
    uncatalogued: {},
  }),

  moduleEntry('mysql-pool', mysqlPool, {
    cases: {},
    noSql: {
      poolWithDeadlines: 'wraps a mysql2 pool; runs the statements it is given',
      DatabaseTimeoutError: 'an error class',
    },
    uncatalogued: {},
  }),

  moduleEntry('together', together, {
    cases: {
      readTogether: [{
        case: 'meta and terms of two posts',
        run: ({ reader }) => together.readTogether(reader, posts.metaRead(reader, [12, 13]), terms.termsOfPostsRead(reader, [12, 13], [CATEGORY, TAG])),
      }],
    },
    noSql: {
      readAlone: 'runs the statements of the read it is given (each snapshotted with the function that reads it alone)',
      combinedRead: 'makes one read of others, running nothing itself',
      readAhead: 'runs the statements of the read it is given, with the reads they travel with',
      sendsPackets: 'tells how the dialect sends reads together, running nothing',
    },
    uncatalogued: {},
  }),

  moduleEntry('queued-writes', queuedWrites, {
    cases: {},
    noSql: {
      queueWrite: 'runs the statement it is given, marked as queued (each caller\'s statement is snapshotted there)',
      queueCompiled: 'the same, for a compiled statement',
    },
    uncatalogued: {},
  }),

  moduleEntry('options', options, {
    cases: {
      getOptions: [{ run: ({ reader }) => options.getOptions(reader, ['home', 'timezone_string', 'gmt_offset']) }],
      getOption: [{ run: ({ reader }) => options.getOption(reader, 'home') }],
      queueSetOption: [{ run: ({ write }) => write((trx) => options.queueSetOption(trx, 'tribe_last_save_post', '1772366400.1234')) }],
      setOption: [
        { case: 'row missing', answers: [undefined, { affected: 1 }], run: ({ write }) => write((trx) => options.setOption(trx, 'tribe_last_save_post', '1772366400.1234')) },
        {
          case: 'row present',
          answers: [{ rows: [{ option_name: 'tribe_last_save_post', option_value: '1772360000.5' }] }],
          run: ({ write }) => write((trx) => options.setOption(trx, 'tribe_last_save_post', '1772366400.1234')),
        },
        { case: 'row created by another writer meanwhile', run: ({ write }) => write((trx) => options.setOption(trx, 'tribe_last_save_post', '1772366400.1234', 'no')) },
      ],
      addOption: [
        { case: 'row missing', answers: [undefined, { affected: 1 }], run: ({ write }) => write((trx) => options.addOption(trx, 'wpcal_version', '0.1.0')) },
        { case: 'row present', answers: [{ rows: [{ option_name: 'wpcal_version', option_value: '0.1.0' }] }], run: ({ write }) => write((trx) => options.addOption(trx, 'wpcal_version', '0.1.0')) },
      ],
      replaceOption: [
        { case: 'row present', run: ({ write }) => write((trx) => options.replaceOption(trx, 'tribe_events_calendar_options', 'a:0:{}', 'a:1:{s:12:"latest_date";s:19:"2026-12-25 04:00:00";}')) },
        { case: 'row missing', run: ({ write }) => write((trx) => options.replaceOption(trx, 'tribe_events_calendar_options', undefined, 'a:0:{}')) },
      ],
    },
    noSql: {},
    uncatalogued: {},
  }),

  moduleEntry('outside-epochs', outsideEpochs, {
    cases: {},
    noSql: { OutsideEpochs: 'judges what the read functions it is given answer' },
    uncatalogued: {},
  }),

  moduleEntry('own-post-stamps', ownPostStamps, {
    cases: {},
    noSql: { OwnPostStamps: 'keeps what committed writes tell it' },
    uncatalogued: {},
  }),

  moduleEntry('post-queries', postQueries, {
    cases: {
      hasPostOfType: [{ run: ({ reader }) => postQueries.hasPostOfType(reader, EVENT) }],
      existingPostIds: [
        { case: 'any type', run: ({ reader }) => postQueries.existingPostIds(reader, [12, 13, -4]) },
        { case: 'of a type', run: ({ reader }) => postQueries.existingPostIds(reader, [7, 21], VENUE) },
      ],
      firstPostIdWithTitle: [{ run: ({ reader }) => postQueries.firstPostIdWithTitle(reader, VENUE, 'The Hall', 'trash') }],
      postNamesAndTypes: [{ run: ({ reader }) => postQueries.postNamesAndTypes(reader, ['jazz-night', 'jazz-night-2']) }],
      postTitlesWithMeta: [{ run: ({ reader }) => postQueries.postTitlesWithMeta(reader, EVENT, 'trash', '_EventStartDate') }],
      metaRowsWithKeys: [{ run: ({ reader }) => postQueries.metaRowsWithKeys(reader, ['_VenueLat', '_VenueLng']) }],
      metaRowsStartingWith: [{ run: ({ reader }) => postQueries.metaRowsStartingWith(reader, '_wpcal_import_key', EVENT, 'csv:') }],
      metaValuesOfPost: [{ run: ({ reader }) => postQueries.metaValuesOfPost(reader, 12, '_EventOrganizerID') }],
      metaValuesOfPosts: [{ run: ({ reader }) => postQueries.metaValuesOfPosts(reader, [12, 13], '_EventVenueID') }],
      deleteMetaOfPosts: [{ run: ({ write }) => write((trx) => postQueries.deleteMetaOfPosts(trx, [12, 13], ['_EventVenueID', '_EventOrganizerID'])) }],
      deleteMetaWithValue: [{ run: ({ write }) => write((trx) => postQueries.deleteMetaWithValue(trx, '_EventVenueID', '7')) }],
      insertPostRowsBulk: [
        {
          case: 'two posts, IDs included',
          run: ({ write }) => write((trx) => postQueries.insertPostRowsBulk(trx, POST_ROW_COLUMNS, [
            ...postRowValues(EVENT_POST),
            ...postRowValues({ ...EVENT_POST, ID: 13, post_title: 'Blues Night', post_name: 'blues-night' }),
          ])),
        },
        {
          case: 'two posts numbered by the database',
          answers: [{ insertId: 12 }],
          run: ({ write }) => write((trx) => postQueries.insertPostRowsBulk(trx, NUMBERED_POST_COLUMNS, [
            ...postRowValues(EVENT_POST, NUMBERED_POST_COLUMNS),
            ...postRowValues({ ...EVENT_POST, post_title: 'Blues Night', post_name: 'blues-night' }, NUMBERED_POST_COLUMNS),
          ])),
        },
      ],
      numberPostsAbove: [{ run: ({ write }) => write((trx) => postQueries.numberPostsAbove(trx, 90_500)) }],
      setPostNamesAndGuids: [{
        run: ({ write }) => write((trx) => postQueries.setPostNamesAndGuids(trx, [
          { id: 12, name: '12', guid: 'http://example.org/?post_type=tribe_events&p=12' },
          { id: 13, name: 'blues-night', guid: 'http://example.org/?post_type=tribe_events&p=13' },
        ])),
      }],
      insertMetaRowsBulk: [{ run: ({ write }) => write((trx) => postQueries.insertMetaRowsBulk(trx, [12, '_EventCost', '15', 12, '_EventVenueID', '7'])) }],
      metaValuesOnPostsOfType: [{ run: ({ reader }) => postQueries.metaValuesOnPostsOfType(reader, '_EventVenueID', EVENT, ['draft', 'pending']) }],
    },
    noSql: {},
    uncatalogued: {},
  }),

  moduleEntry('post-selection', postSelection, {
    cases: {
      selectionPage: [
        { case: 'every event', run: ({ reader }) => postSelection.selectionPage(reader, EXPORT_ALL, 0, 100) },
        { case: 'categories, venue, dates and IDs; a term filter that matches nothing', run: ({ reader }) => postSelection.selectionPage(reader, EXPORT_FILTERED, 12, 100) },
      ],
      selectionPageQuery: [{ case: 'returned, not run', run: async ({ reader, record }) => record(postSelection.selectionPageQuery(reader, EXPORT_ALL, 0, 100)) }],
      termsOfSelection: [{ run: ({ reader }) => postSelection.termsOfSelection(reader, CATEGORY, EXPORT_FILTERED) }],
    },
    noSql: {},
    uncatalogued: {},
  }),

  moduleEntry('posts', posts, {
    cases: {
      postsModifiedSince: [{ run: ({ reader }) => posts.postsModifiedSince(reader, '2026-11-01 00:00:00') }],
      lockPostForSave: [
        { case: 'the post alone', run: ({ write }) => write((trx) => posts.lockPostForSave(trx, 12, [], false)) },
        { case: 'with meta and the latest revision', run: ({ write }) => write((trx) => posts.lockPostForSave(trx, 12, ['_tribe_modified_fields', '_tribe_ignored_event_previous_status'], true)) },
        { case: 'with every meta row, read in the same packet', run: ({ write }) => write((trx) => posts.lockPostForSave(trx, 12, 'all', true)) },
      ],
      insertRevision: [{
        run: ({ write }) => write((trx) => posts.insertRevision(trx, 12, {
          post_author: 1, post_date: NOW, post_date_gmt: NOW, post_title: 'Jazz Night', post_content: '<p>Jazz</p>', post_excerpt: '',
        }, 'http://wordpress.test')),
      }],
      getPost: [{ run: ({ reader }) => posts.getPost(reader, 12) }],
      getPosts: [{ run: ({ reader }) => posts.getPosts(reader, [13, 12, 13]) }],
      postsNamedByMetaRead: [{ run: ({ reader }) => together.readAlone(reader, posts.postsNamedByMetaRead(reader, 12, ['_EventVenueID', '_EventOrganizerID'])) }],
      postsNamedByMetaOfRead: [{
        case: 'featured images read ahead of their posts\' meta (MySQL only: nothing on SQLite)',
        run: ({ reader }) => together.readTogether(reader, posts.metaRead(reader, [12, 13]), posts.postsNamedByMetaOfRead(reader, [12, 13], '_thumbnail_id', ['_wp_attached_file'])),
      }],
      postIdsOfType: [{
        case: 'two pages of 2',
        answers: [{ rows: [{ ID: 12 }, { ID: 13 }] }],
        run: async ({ reader }) => {
          const ids: number[] = [];
          for await (const id of posts.postIdsOfType(reader, EVENT, LISTED, 2)) ids.push(id);
          return ids;
        },
      }],
      findPostBySlug: [{ run: ({ reader }) => posts.findPostBySlug(reader, EVENT, 'jazz-night') }],
      loadMeta: [{ run: ({ reader }) => posts.loadMeta(reader, [12, 13], ['_EventStartDate', '_EventEndDate']) }],
      loadPostMeta: [{ run: ({ reader }) => posts.loadPostMeta(reader, 12) }],
      insertPost: [{
        answers: [{ insertId: 12 }],
        run: ({ write }) => write((trx) => posts.insertPost(trx, {
          post_author: 1, post_date: EVENT_POST.post_date, post_date_gmt: EVENT_POST.post_date_gmt,
          post_modified: EVENT_POST.post_modified, post_modified_gmt: EVENT_POST.post_modified_gmt,
          post_title: 'Jazz Night', post_name: 'jazz-night', post_status: 'publish', post_type: EVENT,
        })),
      }],
      updatePost: [{ run: ({ write }) => write((trx) => posts.updatePost(trx, 12, { post_title: 'Jazz Night II', post_modified: NOW, post_modified_gmt: NOW })) }],
      publishPost: [{ run: ({ write }) => write((trx) => posts.publishPost(trx, 12)) }],
      addMeta: [{ run: ({ write }) => write((trx) => posts.addMeta(trx, 12, '_EventCost', '15')) }],
      setMeta: [
        { case: 'rows of the key present', answers: [{ affected: 1 }], run: ({ write }) => write((trx) => posts.setMeta(trx, 12, '_EventCost', '15')) },
        { case: 'no row of the key', run: ({ write }) => write((trx) => posts.setMeta(trx, 12, '_EventCost', '15')) },
      ],
      postNamesStartingWith: [
        { case: 'any post', run: ({ reader }) => posts.postNamesStartingWith(reader, EVENT, 'jazz-night') },
        { case: 'except one post', run: ({ reader }) => posts.postNamesStartingWith(reader, EVENT, 'jazz-night', 12) },
      ],
      uniquePostSlug: [{ run: ({ reader }) => posts.uniquePostSlug(reader, 'jazz-night', EVENT, 12) }],
    },
    noSql: {
      postsRead: 'the statements getPosts runs (snapshotted there), for readTogether',
      metaRead: 'the statements loadMeta runs (snapshotted there), for readTogether',
      firstMeta: 'reads a loaded PostMeta',
      firstFreeSlug: 'picks a slug from names already read (pure)',
    },
    uncatalogued: {},
  }),

  moduleEntry('savepoint', savepoint, {
    cases: {
      withSavepoint: [
        { case: 'part succeeds', run: ({ write }) => write((trx) => savepoint.withSavepoint(trx, () => posts.addMeta(trx, 12, '_EventCost', '15'))) },
        {
          case: 'part fails',
          throws: /^invalid cost$/,
          run: ({ write }) => write((trx) => savepoint.withSavepoint(trx, async () => {
            await posts.addMeta(trx, 12, '_EventCost', '15');
            throw new Error('invalid cost');
          })),
        },
        {
          case: 'part loses a lock race: no rollback to the savepoint',
          throws: /stayed busy/,
          run: ({ write }) => write((trx) => savepoint.withSavepoint(trx, async () => {
            await posts.addMeta(trx, 12, '_EventCost', '15');
            throw lockConflict();
          })),
        },
      ],
    },
    noSql: {},
    uncatalogued: {},
  }),

  moduleEntry('schema', schema, {
    cases: {
      tableExists: [{ run: ({ db }) => schema.tableExists(db, 'tec_events') }],
      ensureSchema: [
        { case: 'empty database', run: ({ db }) => schema.ensureSchema(db) },
        {
          case: 'every table present, no index',
          answers: [{ rows: TABLE_NAMES.map((table) => ({ name: PREFIX + table })) }],
          run: ({ db }) => schema.ensureSchema(db),
        },
      ],
    },
    noSql: { SchemaFileError: 'an error class' },
    uncatalogued: {},
  }),

  moduleEntry('search', search, {
    cases: {},
    noSql: {
      escapeLike: 'escapes text (pure)',
      containsPattern: 'builds a LIKE pattern (pure)',
      wordsInColumns: 'an SQL fragment, seen inside the statements that use it',
    },
    uncatalogued: {},
  }),

  moduleEntry('change-log', changeLog, {
    cases: {},
    noSql: {
      changeLogTable: 'names the table (pure)',
      logTriggers: 'the SELECTs of the triggers, seen in the statements that make them',
      touchedBy: 'reads rows already read (pure)',
    },
    uncatalogued: {},
  }),

  moduleEntry('mysql-change-log', mysqlChangeLog, {
    cases: {
      createChangeLog: [{ case: 'no trigger yet', dialects: ['mysql'], run: ({ reader }) => mysqlChangeLog.createChangeLog(reader.withoutPlugins(), PREFIX) }],
      dropChangeLog: [{
        case: 'a trigger and the log',
        dialects: ['mysql'],
        answers: [{ rows: [{ name: 'wp_wpcal_changes_posts_insert' }] }, { rows: [{ 1: 1 }] }],
        run: ({ reader }) => mysqlChangeLog.dropChangeLog(reader.withoutPlugins(), PREFIX),
      }],
      triggerDefiners: [{ dialects: ['mysql'], run: ({ reader }) => mysqlChangeLog.triggerDefiners(reader.withoutPlugins(), PREFIX) }],
      hasChangeLog: [{ case: 'the log, no trigger', dialects: ['mysql'], answers: [{ rows: [{ 1: 1 }] }], run: ({ reader }) => mysqlChangeLog.hasChangeLog(reader.withoutPlugins(), PREFIX) }],
      beginQuiet: [{ dialects: ['mysql'], run: ({ write }) => write((trx) => mysqlChangeLog.beginQuiet(trx)) }],
      unquiet: [{ dialects: ['mysql'], run: ({ write }) => write((trx) => mysqlChangeLog.unquiet(trx)) }],
      endQuiet: [{ dialects: ['mysql'], answers: [{ rows: [{ 1: 1 }] }], run: ({ write }) => write((trx) => mysqlChangeLog.endQuiet(trx, PREFIX)) }],
      pruneChangeLog: [{ dialects: ['mysql'], run: ({ write }) => write((trx) => mysqlChangeLog.pruneChangeLog(trx, PREFIX, 4_800)) }],
      changeLogRows: [
        {
          case: 'the triggers counted',
          dialects: ['mysql'],
          answers: [{ rows: [{ triggers: 33, created: '2026-11-28 08:00:00.00' }] }, { rows: [{ now: '2026-11-28 10:00:05', highest: 120, oldest: '2026-11-28 09:00:00' }] }],
          run: ({ reader }) => mysqlChangeLog.changeLogRows(reader.withoutPlugins(), PREFIX, 'a-writer')(100, 5001, true),
        },
        {
          case: 'the rows alone, a term\'s among them',
          dialects: ['mysql'],
          answers: [
            { rows: [{ now: '2026-11-28 10:00:05', highest: 121, oldest: '2026-11-28 09:00:00' }] },
            { rows: [{ seq: 121, table_name: 'terms', post_id: null, term_taxonomy_id: null, term_id: 5 }] },
          ],
          run: ({ reader }) => mysqlChangeLog.changeLogRows(reader.withoutPlugins(), PREFIX, 'a-writer')(100, 5001, false),
        },
      ],
    },
    noSql: { MysqlChangeLog: 'judges the reads of the log it is given' },
    uncatalogued: {},
  }),

  moduleEntry('sqlite-change-log', sqliteChangeLog, {
    cases: {
      ensureChangeLog: [{ case: 'no trigger yet', dialects: ['sqlite'], run: ({ reader }) => sqliteChangeLog.ensureChangeLog(reader, PREFIX) }],
      beginQuiet: [{ dialects: ['sqlite'], answers: [{ rows: [{ 1: 1 }] }], run: ({ write }) => write((trx) => sqliteChangeLog.beginQuiet(trx, PREFIX)) }],
      endQuiet: [{ dialects: ['sqlite'], answers: [{ rows: [{ 1: 1 }] }], run: ({ write }) => write((trx) => sqliteChangeLog.endQuiet(trx, PREFIX)) }],
      pruneChangeLog: [{ dialects: ['sqlite'], run: ({ write }) => write((trx) => sqliteChangeLog.pruneChangeLog(trx, PREFIX, 50_000)) }],
    },
    noSql: {},
    uncatalogued: {
      changeLogReader: 'prepares better-sqlite3 statements on the reading connection, outside Kysely, read at once: '
        + '`PRAGMA schema_version`, the names of sqlite_master\'s tables and triggers, '
        + '`SELECT "seq", "table_name", "post_id", "term_taxonomy_id" FROM "{prefix}wpcal_changes" WHERE "seq" > ? ORDER BY "seq" LIMIT ?`, '
        + 'its MIN("seq") and its sqlite_sequence row',
    },
  }),

  moduleEntry('sqlite-outside', sqliteOutside, {
    cases: {},
    noSql: { SqliteOutside: 'turns what the change log\'s reader read into epochs and tells' },
    uncatalogued: {},
  }),

  moduleEntry('sqlite-immediate', sqliteImmediate, {
    cases: {},
    noSql: {},
    uncatalogued: {
      ImmediateSqliteDialect: 'its driver begins each SQLite write transaction with `BEGIN IMMEDIATE`; '
        + 'transaction boundaries come from the drivers and are not recorded',
    },
  }),

  moduleEntry('sqlite-statements', sqliteStatements, {
    cases: {},
    noSql: { preparingOnce: 'keeps the statements Kysely prepares; it builds no SQL of its own' },
    uncatalogued: {},
  }),

  moduleEntry('table-discovery', tableDiscovery, {
    cases: {
      listTables: [{ run: ({ db }) => tableDiscovery.listTables(db) }],
      wordPressPrefixes: [{ run: ({ db }) => tableDiscovery.wordPressPrefixes(db) }],
    },
    noSql: { hasPrefix: 'compares names already read (pure)' },
    uncatalogued: {},
  }),

  moduleEntry('table-prefix', tablePrefix, {
    cases: {},
    noSql: { withTablePrefix: 'writes table names with the prefix; the recording executors use it, so every snapshot shows it at work' },
    uncatalogued: {},
  }),

  moduleEntry('term-queries', termQueries, {
    cases: {
      termsMatching: [
        { case: 'GET /tags defaults', run: ({ reader }) => termQueries.termsMatching(reader, TAG, DEFAULT_TERM_LIST) },
        {
          case: 'every filter, ordered by an event\'s term_order',
          run: ({ reader }) => termQueries.termsMatching(reader, CATEGORY, {
            search: 'jazz_', includeIds: [5, 6], excludeIds: [7], parent: 0, slug: 'jazz', objectId: 12,
            countedOnly: false, order: { termOrderOf: 12 }, descending: true,
          }),
        },
        { case: 'unordered', run: ({ reader }) => termQueries.termsMatching(reader, CATEGORY, { ...DEFAULT_TERM_LIST, countedOnly: false, order: null }) },
      ],
      allTerms: [{ run: ({ reader }) => termQueries.allTerms(reader, CATEGORY) }],
      allTermsInIdOrder: [{ run: ({ reader }) => termQueries.allTermsInIdOrder(reader, CATEGORY) }],
      termsByIds: [{ run: ({ reader }) => termQueries.termsByIds(reader, CATEGORY, [5, 6]) }],
      childTerms: [{ run: ({ reader }) => termQueries.childTerms(reader, CATEGORY, 5) }],
      termsByReference: [
        { case: 'IDs, slugs and names', run: ({ reader }) => termQueries.termsByReference(reader, TAG, [9], ['free', 'outdoor'], ['family friendly']) },
        { case: 'slugs only', run: ({ reader }) => termQueries.termsByReference(reader, TAG, [], ['free'], []) },
      ],
      termSlugTaken: [
        { case: 'any term', run: ({ reader }) => termQueries.termSlugTaken(reader, 'music') },
        { case: 'except one term', run: ({ reader }) => termQueries.termSlugTaken(reader, 'music', 5) },
      ],
    },
    noSql: {
      termsByIdsRead: 'the statement termsByIds runs (snapshotted there), for reads ahead',
    },
    uncatalogued: {},
  }),

  moduleEntry('terms', terms, {
    cases: {
      getTerm: [{ run: ({ reader }) => terms.getTerm(reader, CATEGORY, 5) }],
      findTermBySlug: [{ run: ({ reader }) => terms.findTermBySlug(reader, CATEGORY, 'music') }],
      findTermByName: [
        { case: 'any parent', run: ({ reader }) => terms.findTermByName(reader, CATEGORY, 'Music') },
        { case: 'under a parent', run: ({ reader }) => terms.findTermByName(reader, CATEGORY, 'Jazz', 5) },
      ],
      queryTerms: [{ case: 'shaped by the caller', run: ({ reader }) => terms.queryTerms(reader, CATEGORY, (query) => query.where('t.slug', '=', 'music')) }],
      termsOfPosts: [{ run: ({ reader }) => terms.termsOfPosts(reader, [12, 13, 12], [CATEGORY, TAG]) }],
      withDescendants: [{
        case: 'two generations',
        answers: [{ rows: [{ term_id: 6 }] }],
        run: ({ reader }) => terms.withDescendants(reader, CATEGORY, [5]),
      }],
      insertTerm: [
        {
          case: 'new ID',
          answers: [{ insertId: 5 }],
          run: ({ write }) => write((trx) => terms.insertTerm(trx, CATEGORY, { name: 'Music', slug: 'music', description: '', parent: 0 })),
        },
        {
          case: 'kept ID, free',
          run: ({ write }) => write((trx) => terms.insertTerm(trx, CATEGORY, { name: 'Jazz', slug: 'jazz', description: 'Late sets.', parent: 5 }, 40)),
        },
      ],
      updateTerm: [{
        case: 'every field',
        run: ({ write }) => write((trx) => terms.updateTerm(trx, CATEGORY_TERM, { name: 'Live Music', slug: 'live-music', description: 'On stage.', parent: 0 })),
      }],
      deleteTerm: [
        { case: 'term left unused', run: ({ write }) => write((trx) => terms.deleteTerm(trx, CATEGORY_TERM)) },
        {
          case: 'term still used by another taxonomy',
          answers: [undefined, undefined, undefined, { rows: [{ term_id: 5 }] }],
          run: ({ write }) => write((trx) => terms.deleteTerm(trx, CATEGORY_TERM)),
        },
      ],
      recountTerms: [{
        case: 'a category, a tag and a term of another taxonomy',
        answers: [{ rows: [{ term_taxonomy_id: 5, taxonomy: CATEGORY }, { term_taxonomy_id: 9, taxonomy: TAG }, { term_taxonomy_id: 11, taxonomy: 'nav_menu' }] }],
        run: ({ write }) => write((trx) => terms.recountTerms(trx, [9, 5, 11, 5])),
      }],
      postTermTaxonomyIds: [{ run: ({ reader }) => terms.postTermTaxonomyIds(reader, 12, CATEGORY) }],
      setPostTerms: [{
        case: 'one term removed, one added',
        // The recounts run after commit, one task (and lock) per term.
        answers: [
          { rows: [{ term_taxonomy_id: 5 }, { term_taxonomy_id: 6 }] }, undefined, undefined,
          { rows: [{ term_taxonomy_id: 5, taxonomy: CATEGORY }] }, undefined, { rows: [{ term_taxonomy_id: 7, taxonomy: CATEGORY }] },
        ],
        run: ({ write }) => write((trx) => terms.setPostTerms(trx, 12, CATEGORY, [
          { ...CATEGORY_TERM, term_id: 6, term_taxonomy_id: 6, name: 'Jazz', slug: 'jazz', parent: 5 },
          { ...CATEGORY_TERM, term_id: 7, term_taxonomy_id: 7, name: 'Blues', slug: 'blues', parent: 5 },
        ])),
      }, {
        case: 'two terms on a post created in the transaction',
        run: ({ write }) => write((trx) => terms.setPostTerms(trx, 12, CATEGORY, [
          { ...CATEGORY_TERM, term_id: 6, term_taxonomy_id: 6, name: 'Jazz', slug: 'jazz', parent: 5 },
          { ...CATEGORY_TERM, term_id: 7, term_taxonomy_id: 7, name: 'Blues', slug: 'blues', parent: 5 },
        ], [])),
      }],
      termTaxonomyIdsOfPosts: [{ run: ({ reader }) => terms.termTaxonomyIdsOfPosts(reader, [12, 13]) }],
      postTermLinksRead: [{ run: ({ reader }) => together.readAlone(reader, terms.postTermLinksRead(reader, 12)) }],
      recountPostTerms: [{
        answers: [{ rows: [{ term_taxonomy_id: 5 }] }, { rows: [{ term_taxonomy_id: 5, taxonomy: CATEGORY }] }],
        run: ({ write }) => write((trx) => terms.recountPostTerms(trx, 12)),
      }],
      unlinkPostsFromTaxonomy: [{ run: ({ write }) => write((trx) => terms.unlinkPostsFromTaxonomy(trx, [12, 13], TAG)) }],
      insertTermLinksBulk: [{ run: ({ write }) => write((trx) => terms.insertTermLinksBulk(trx, [12, 5, 0, 13, 5, 0])) }],
    },
    noSql: {
      termsOfPostsRead: 'the statement termsOfPosts runs (snapshotted there), for readTogether',
      queryTermsRead: 'the statement queryTerms runs (snapshotted there), for reads together',
    },
    uncatalogued: {},
  }),

  moduleEntry('transaction', transaction, {
    cases: {},
    noSql: {
      dialectOf: 'reads the transaction state',
      numberingOf: 'reads the transaction state',
      beforeCommit: 'registers a task (its statements are the task\'s)',
      afterCommitEach: 'registers an item and its batch task (the task\'s statements are its own)',
      isLockConflict: 'classifies an error',
      DatabaseBusyError: 'an error class',
      namesWhatItTouches: 'marks the transaction state',
      touches: 'records IDs in the transaction state',
      stampedPost: 'records a stamp in the transaction state',
    },
    uncatalogued: {
      WriteTransactions: 'begins, commits and rolls back through the driver (not recorded); the work\'s '
        + 'statements are recorded: the catalogue runs every Writer case through it',
    },
  }),

  moduleEntry('users', users, {
    cases: {
      findUserByLogin: [{ run: ({ reader }) => users.findUserByLogin(reader, 'alice') }],
      findLoginCandidate: [
        { case: 'by login', run: ({ reader }) => users.findLoginCandidate(reader, 'user_login', 'alice', 'wp_capabilities') },
        { case: 'by email', run: ({ reader }) => users.findLoginCandidate(reader, 'user_email', 'alice@example.org', 'wp_capabilities') },
      ],
      userExists: [{ run: ({ reader }) => users.userExists(reader, 1) }],
      authorsOfPostTypes: [{ run: ({ reader }) => users.authorsOfPostTypes(reader, ['tribe_events', 'tribe_venue', 'tribe_organizer']) }],
      getUserMeta: [{ run: ({ reader }) => users.getUserMeta(reader, 1, '_application_passwords') }],
      setUserMeta: [
        { case: 'row present', answers: [{ rows: [{ umeta_id: 31 }] }], run: ({ write }) => write((trx) => users.setUserMeta(trx, 1, 'wp_capabilities', 'a:1:{s:6:"editor";b:1;}')) },
        { case: 'row missing', run: ({ write }) => write((trx) => users.setUserMeta(trx, 1, 'wp_capabilities', 'a:1:{s:6:"editor";b:1;}')) },
      ],
      insertUser: [{
        answers: [{ insertId: 2 }],
        run: ({ write }) => write((trx) => users.insertUser(trx, {
          login: 'Alice Smith', email: 'alice@example.org', displayName: 'Alice Smith', registered: NOW, passwordHash: '*',
        })),
      }],
    },
    noSql: {},
    uncatalogued: {},
  }),
];

