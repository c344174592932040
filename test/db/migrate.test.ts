import { expect } from 'chai';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { ensureSchema, tableExists } from '../../src/data/schema.ts';
import { TABLE_NAMES, type TableName } from '../../src/data/tables.ts';
import { forEachDatabase, type TestDatabase } from '../support/databases.ts';
import { loadWordPressDump } from '../support/mysql-script.ts';


/** The MySQL key names of every table (PRIMARY left out), as WordPress and TEC name them. */
function mysqlKeys(prefix: string): Record<TableName, string[]> {
  return {
    users: ['user_login_key', 'user_nicename', 'user_email'],
    usermeta: ['user_id', 'meta_key'],
    options: ['option_name', 'autoload'],
    posts: ['post_name', 'type_status_date', 'post_parent', 'post_author'],
    postmeta: ['post_id', 'meta_key'],
    terms: ['slug', 'name'],
    term_taxonomy: ['term_id_taxonomy', 'taxonomy'],
    term_relationships: ['term_taxonomy_id'],
    termmeta: ['term_id', 'meta_key'],
    tec_events: ['post_id'],
    tec_occurrences: ['event_id', 'hash', `idx_${prefix}tec_occurrences_post_id_dates`, `idx_${prefix}tec_occurrences_post_id_dates_utc`,
      `idx_${prefix}tec_occurrences_start_date`, `idx_${prefix}tec_occurrences_start_date_utc`, `idx_${prefix}tec_occurrences_end_date_utc`],
  };
}

function expectedIndexes(db: Db, table: TableName): string[] {
  const keys = mysqlKeys(db.prefix)[table];
  return db.dialect === 'mysql' ? keys : keys.map((key) => `${db.prefix}${table}_${key}`);
}

async function indexesOf(db: Db, table: string): Promise<string[]> {
  const query = db.dialect === 'mysql'
    ? sql<{ name: string }>`SELECT DISTINCT INDEX_NAME AS name FROM information_schema.STATISTICS
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ${table} AND INDEX_NAME <> 'PRIMARY'`
    : sql<{ name: string }>`SELECT name FROM sqlite_master
        WHERE type = 'index' AND tbl_name = ${table} AND name NOT LIKE 'sqlite_autoindex_%'`;
  return (await query.execute(db.kysely)).rows.map((row) => row.name);
}

interface Column {
  type: string;
  nullable: boolean;
  /** Default as a bare value (quotes removed), null when there is none or it is NULL. */
  default: string | null;
}

function bareDefault(value: string | null): string | null {
  if (value === null || value === 'NULL') return null;
  return value.replace(/^'(.*)'$/, '$1');
}

async function columnsOf(db: Db, table: string): Promise<Map<string, Column>> {
  if (db.dialect === 'mysql') {
    const { rows } = await sql<{ name: string; type: string; nullable: string; dflt: string | null }>`
      SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS dflt
      FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ${table}`.execute(db.kysely);
    return new Map(rows.map((r) => [r.name, { type: r.type, nullable: r.nullable === 'YES', default: bareDefault(r.dflt) }]));
  }
  const { rows } = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null }>`
    SELECT name, type, "notnull", dflt_value FROM pragma_table_info(${table})`.execute(db.kysely);
  return new Map(rows.map((r) => [r.name, { type: r.type, nullable: r.notnull === 0, default: bareDefault(r.dflt_value) }]));
}

async function column(db: Db, table: string, name: string): Promise<Column> {
  const found = (await columnsOf(db, table)).get(name);
  if (!found) throw new Error(`no column ${table}.${name}`);
  return found;
}

/** Expected type per dialect: MariaDB keeps display widths, MySQL 8 drops them from integer types. */
function typeMatcher(db: Db, mysql: RegExp, sqlite: string): (type: string) => boolean {
  return db.dialect === 'mysql' ? (type) => mysql.test(type) : (type) => type === sqlite;
}

async function addOption(db: Db, name: string, value: string): Promise<void> {
  await db.kysely.insertInto('options').values({ option_name: name, option_value: value, autoload: 'yes' }).execute();
}

forEachDatabase('ensureSchema', (kind) => {
  let target: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    target = await kind.create();
    db = await openDatabase(target.url, 'wp_');
  });

  afterEach(async () => {
    await db.close();
    await target.drop();
  });

  it('creates the 11 tables and all their indexes on an empty database', async () => {
    expect(await tableExists(db, 'posts')).to.equal(false);
    const changes = await ensureSchema(db);
    expect(changes.createdTables).to.deep.equal(TABLE_NAMES.map((t) => `wp_${t}`));
    expect(changes.createdIndexes).to.have.members(TABLE_NAMES.flatMap((t) => expectedIndexes(db, t)));
    for (const table of TABLE_NAMES) {
      expect(await tableExists(db, table), table).to.equal(true);
      expect(await indexesOf(db, `wp_${table}`), table).to.have.members(expectedIndexes(db, table));
    }
  });

  it('gives the columns the WordPress and TEC types, nullability and defaults', async () => {
    await ensureSchema(db);
    const postStatus = await column(db, 'wp_posts', 'post_status');
    expect(postStatus).to.include({ nullable: false, default: 'publish' });
    expect(typeMatcher(db, /^varchar\(20\)$/, 'TEXT')(postStatus.type)).to.equal(true);
    expect(await column(db, 'wp_posts', 'post_date')).to.include({ nullable: false, default: '0000-00-00 00:00:00' });
    expect(await column(db, 'wp_options', 'autoload')).to.include({ default: 'yes' });
    expect((await column(db, 'wp_postmeta', 'meta_value')).nullable).to.equal(true);
    const postAuthor = await column(db, 'wp_posts', 'post_author');
    expect(typeMatcher(db, /^bigint(\(20\))? unsigned$/, 'INTEGER')(postAuthor.type)).to.equal(true);
    expect(await column(db, 'wp_tec_events', 'timezone')).to.include({ nullable: false, default: 'UTC' });
    const duration = await column(db, 'wp_tec_events', 'duration');
    expect(duration).to.include({ nullable: true, default: '7200' });
    expect(typeMatcher(db, /^mediumint(\(30\))?$/, 'INTEGER')(duration.type)).to.equal(true);
    const startDate = await column(db, 'wp_tec_occurrences', 'start_date');
    expect(typeMatcher(db, /^datetime$/, 'TEXT')(startDate.type)).to.equal(true);
    expect((await column(db, 'wp_tec_events', 'start_date')).type).to.match(db.dialect === 'mysql' ? /^varchar\(19\)$/ : /^TEXT$/);
    expect([...(await columnsOf(db, 'wp_posts')).keys()]).to.have.lengthOf(23);
  });

  if (kind.name === 'mysql') {
    it('creates InnoDB utf8mb4_unicode_ci tables with auto-increment IDs', async () => {
      await ensureSchema(db);
      const { rows } = await sql<{ engine: string; collation: string }>`
        SELECT ENGINE AS engine, TABLE_COLLATION AS collation FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'wp\\_%'`.execute(db.kysely);
      expect(rows).to.have.lengthOf(11);
      for (const row of rows) expect(row).to.deep.equal({ engine: 'InnoDB', collation: 'utf8mb4_unicode_ci' });
      const { rows: extra } = await sql<{ extra: string }>`SELECT EXTRA AS extra FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'wp_posts' AND COLUMN_NAME = 'ID'`.execute(db.kysely);
      expect(extra[0]?.extra).to.equal('auto_increment');
    });
  }

  it('never reuses a deleted ID', async () => {
    await ensureSchema(db);
    await addOption(db, 'first', '1');
    await db.kysely.deleteFrom('options').execute();
    await addOption(db, 'second', '2');
    const row = await db.kysely.selectFrom('options').select('option_id').executeTakeFirstOrThrow();
    expect(row.option_id).to.equal(2);
  });

  it('compares option, post and term names case-insensitively', async () => {
    await ensureSchema(db);
    await addOption(db, 'SiteURL', 'http://example.org');
    const found = await db.kysely.selectFrom('options').select('option_value').where('option_name', '=', 'siteurl').execute();
    expect(found).to.deep.equal([{ option_value: 'http://example.org' }]);
    let duplicate: unknown = null;
    await addOption(db, 'SITEURL', 'x').catch((error: unknown) => { duplicate = error; });
    expect(duplicate, 'the unique option_name key is case-insensitive').to.be.instanceOf(Error);
    await db.kysely.insertInto('terms').values({ name: 'Jazz Night', slug: 'Jazz-Night', term_group: 0 }).execute();
    const term = await db.kysely.selectFrom('terms').select('term_id').where('slug', '=', 'jazz-night').where('name', '=', 'JAZZ NIGHT').execute();
    expect(term).to.have.lengthOf(1);
    await db.kysely.insertInto('posts').values({
      post_author: 1, post_date: '2024-06-01 10:00:00', post_date_gmt: '2024-06-01 10:00:00', post_content: '',
      post_title: 'Jazz', post_excerpt: '', post_status: 'publish', comment_status: 'closed', ping_status: 'closed',
      post_password: '', post_name: 'Jazz-Night', to_ping: '', pinged: '', post_modified: '2024-06-01 10:00:00',
      post_modified_gmt: '2024-06-01 10:00:00', post_content_filtered: '', post_parent: 0, guid: '', menu_order: 0,
      post_type: 'tribe_events', post_mime_type: '', comment_count: 0,
    }).execute();
    const post = await db.kysely.selectFrom('posts').select('post_title').where('post_name', '=', 'jazz-night').execute();
    expect(post).to.deep.equal([{ post_title: 'Jazz' }]);
  });

  it('creates nothing on a second run and keeps the rows written in between', async () => {
    await ensureSchema(db);
    await addOption(db, 'blogname', 'My calendar');
    expect(await ensureSchema(db)).to.deep.equal({ createdTables: [], createdIndexes: [] });
    const rows = await db.kysely.selectFrom('options').select(['option_name', 'option_value']).execute();
    expect(rows).to.deep.equal([{ option_name: 'blogname', option_value: 'My calendar' }]);
  });

  it('adds back the indexes an existing table lacks, and only those', async () => {
    await ensureSchema(db);
    const [dates, datesUtc] = expectedIndexes(db, 'tec_occurrences').slice(2);
    if (!dates || !datesUtc) throw new Error('missing expected index names');
    const drop = (name: string): string => (db.dialect === 'mysql'
      ? `ALTER TABLE wp_tec_occurrences DROP INDEX \`${name}\``
      : `DROP INDEX "${name}"`);
    await sql.raw(drop(dates)).execute(db.kysely);
    await sql.raw(drop(datesUtc)).execute(db.kysely);
    await db.kysely.insertInto('tec_occurrences').values({
      event_id: 1, post_id: 10, start_date: '2024-06-12 10:00:00', start_date_utc: '2024-06-12 10:00:00',
      end_date: '2024-06-12 12:00:00', end_date_utc: '2024-06-12 12:00:00', duration: 7200, hash: 'abc',
    }).execute();
    expect(await ensureSchema(db)).to.deep.equal({ createdTables: [], createdIndexes: [dates, datesUtc] });
    expect(await indexesOf(db, 'wp_tec_occurrences')).to.have.members(expectedIndexes(db, 'tec_occurrences'));
    expect(await db.kysely.selectFrom('tec_occurrences').select('hash').execute()).to.deep.equal([{ hash: 'abc' }]);
  });

  it('honours a custom table prefix next to an existing install', async () => {
    await ensureSchema(db);
    await addOption(db, 'siteurl', 'http://wp.example');
    const other = await openDatabase(target.url, 'wpx_');
    try {
      const changes = await ensureSchema(other);
      expect(changes.createdTables).to.deep.equal(TABLE_NAMES.map((t) => `wpx_${t}`));
      expect(changes.createdIndexes).to.have.members(TABLE_NAMES.flatMap((t) => expectedIndexes(other, t)));
      expect(await indexesOf(other, 'wpx_tec_occurrences')).to.include(
        db.dialect === 'mysql' ? 'idx_wpx_tec_occurrences_post_id_dates' : 'wpx_tec_occurrences_idx_wpx_tec_occurrences_post_id_dates');
      await addOption(other, 'siteurl', 'http://wpx.example');
      const values = await other.kysely.selectFrom('options').select('option_value').execute();
      expect(values).to.deep.equal([{ option_value: 'http://wpx.example' }]);
    } finally {
      await other.close();
    }
    const kept = await db.kysely.selectFrom('options').select('option_value').execute();
    expect(kept).to.deep.equal([{ option_value: 'http://wp.example' }]);
  });

  if (kind.name === 'mysql') {
    it('accepts the real WordPress + TEC dump: only the missing idx_ keys are added', async () => {
      await loadWordPressDump(target.url);
      const tablesBefore = await sql<{ name: string }>`SELECT TABLE_NAME AS name FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = DATABASE()`.execute(db.kysely);
      expect(tablesBefore.rows.map((r) => r.name)).to.include.members(['wp_comments', 'wp_actionscheduler_actions']);

      const changes = await ensureSchema(db);
      expect(changes).to.deep.equal({
        createdTables: [],
        createdIndexes: ['idx_wp_tec_occurrences_post_id_dates', 'idx_wp_tec_occurrences_post_id_dates_utc', 'idx_wp_tec_occurrences_start_date',
          'idx_wp_tec_occurrences_start_date_utc', 'idx_wp_tec_occurrences_end_date_utc'],
      });
      expect(await ensureSchema(db)).to.deep.equal({ createdTables: [], createdIndexes: [] });

      const tablesAfter = await sql<{ name: string }>`SELECT TABLE_NAME AS name FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = DATABASE()`.execute(db.kysely);
      expect(tablesAfter.rows.map((r) => r.name)).to.have.members(tablesBefore.rows.map((r) => r.name));
      expect((await column(db, 'wp_tec_occurrences', 'start_date')).type).to.equal('varchar(19)');
      const siteurl = await db.kysely.selectFrom('options').select('option_value').where('option_name', '=', 'siteurl').execute();
      expect(siteurl).to.deep.equal([{ option_value: 'http://wordpress.test' }]);
      const admin = await db.kysely.selectFrom('users').select(['ID', 'user_email']).where('user_login', '=', 'admin').execute();
      expect(admin).to.deep.equal([{ ID: 1, user_email: 'admin@wordpress.test' }]);
    });
  }
});
