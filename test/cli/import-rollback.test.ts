// `wpcal import` commits a file unit by unit: a statement failing in a later unit of events
// (after the terms, venues, organizers and a first unit were written) stops the file there,
// keeps what committed before it, whole and counted, and nothing of the failed unit; importing
// the file again finishes it.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/data/connect.ts';
import { runCli, type CliResult } from '../support/cli.ts';
import { eventsPerUnit } from '../support/cli-transfer.ts';
import { forEachDatabase, type DatabaseKind, type TestDatabase } from '../support/databases.ts';

const DAY_MS = 86_400_000;

const startOf = (n: number): string => `${new Date(Date.UTC(2030, 0, 1) + n * DAY_MS).toISOString().slice(0, 10)} 19:00:00`;
const endOf = (n: number): string => `${startOf(n).slice(0, 10)} 21:00:00`;

/** A fixture of `total` events using two of each venue, organizer, category (nested) and tag. */
function fixture(total: number): { text: string; records: number } {
  const events: Record<string, unknown> = {};
  for (let n = 1; n <= total; n++) {
    events[`rollback-${n}`] = {
      title: `Rollback event ${n}`, start_date: startOf(n), end_date: endOf(n), cost: String(n % 20),
      venue: `hall-${n % 2}`, organizers: [`org-${n % 2}`], categories: [`cat-${n % 2}`], tags: [`tag-${n % 2}`], featured: n % 7 === 0,
    };
  }
  const two = <T>(entry: (i: number) => [string, T]): Record<string, T> => Object.fromEntries([0, 1].map(entry));
  const document = {
    venues: two((i) => [`hall-${i}`, { venue: `Rollback Hall ${i}`, city: 'Portland' }]),
    organizers: two((i) => [`org-${i}`, { organizer: `Rollback Organizer ${i}` }]),
    categories: two((i) => [`cat-${i}`, i ? { name: 'Rollback Child', parent: 'cat-0' } : { name: 'Rollback Parent' }]),
    tags: two((i) => [`tag-${i}`, { name: `Rollback Tag ${i}` }]),
    events,
  };
  return { text: JSON.stringify(document), records: 2 * 4 + total };
}

/** Makes the insert of the occurrence row of event `poisoned` fail. */
function poisonTrigger(kind: DatabaseKind, poisoned: number): string {
  const when = `NEW.start_date = '${startOf(poisoned)}'`;
  return kind.name === 'sqlite'
    ? `CREATE TRIGGER rollback_poison BEFORE INSERT ON wp_tec_occurrences WHEN ${when} BEGIN SELECT RAISE(ABORT, 'poison'); END`
    : `CREATE TRIGGER rollback_poison BEFORE INSERT ON wp_tec_occurrences FOR EACH ROW BEGIN IF ${when} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'poison'; END IF; END`;
}

const TABLES = ['tec_events', 'tec_occurrences'] as const;

async function withDb<T>(target: TestDatabase, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(target.url, 'wp_');
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

async function rowCounts(target: TestDatabase): Promise<Record<string, number>> {
  return withDb(target, async (db) => {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  });
}

forEachDatabase('wpcal import of a file failing in a later unit', (kind) => {
  const FIRST_UNIT = eventsPerUnit(kind);
  const EVENTS = FIRST_UNIT + 500;
  /** In the second unit. */
  const POISONED = FIRST_UNIT + 200;
  let target: TestDatabase;
  let file: string;
  let records: number;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-rollback-'));
  const wpcal = (...args: string[]): Promise<CliResult> => runCli([...args, '--db', target.url], {}, 120_000);

  before(async function () {
    this.timeout(60_000);
    target = await kind.create();
    const generated = fixture(EVENTS);
    records = generated.records;
    file = path.join(tmp, 'events.json');
    fs.writeFileSync(file, generated.text);
    expect((await wpcal('migrate')).code).to.equal(0);
  });

  after(async () => {
    await target?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('stops the file at the failing unit, names it with the reason, and keeps only the units before it, whole', async function () {
    this.timeout(180_000);
    await withDb(target, (db) => sql.raw(poisonTrigger(kind, POISONED)).execute(db.kysely));

    const result = await wpcal('import', file);
    expect(result.code).to.equal(1);
    const kept = 2 * 4 + FIRST_UNIT;
    expect(result.stderr.trim()).to.equal(
      `${file}: stopped after ${kept} of its ${records} records (import it again to finish: what was imported is matched, not duplicated): poison`,
    );
    expect(result.stdout.trim()).to.equal(`created ${kept}, updated 0, skipped 0, failed 1`);

    const counts = await rowCounts(target);
    expect([counts.tec_events, counts.tec_occurrences], 'the first unit, and no row of the second').to.deep.equal([FIRST_UNIT, FIRST_UNIT]);
    await withDb(target, async (db) => {
      const posts = await db.kysely.selectFrom('posts').select(['post_type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('post_type', 'in', ['tribe_events', 'tribe_venue', 'tribe_organizer']).groupBy('post_type').orderBy('post_type').execute();
      expect(posts.map((row) => [row.post_type, Number(row.n)])).to.deep.equal([['tribe_events', FIRST_UNIT], ['tribe_organizer', 2], ['tribe_venue', 2]]);
      const keys = await db.kysely.selectFrom('postmeta').select((eb) => eb.fn.countAll<number>().as('n')).where('meta_key', '=', '_wpcal_import_key').executeTakeFirstOrThrow();
      expect(Number(keys.n), 'an import key on every post written').to.equal(FIRST_UNIT + 4);
      const stale = await sql<{ name: string }>`SELECT t.name FROM wp_term_taxonomy tt INNER JOIN wp_terms t ON t.term_id = tt.term_id
        WHERE tt.count <> (SELECT COUNT(*) FROM wp_term_relationships r WHERE r.term_taxonomy_id = tt.term_taxonomy_id)`.execute(db.kysely);
      expect(stale.rows, 'term counts match the committed links').to.deep.equal([]);
    });
  });

  it('finishes the file when it is imported again: what the first run wrote is matched, not duplicated', async function () {
    this.timeout(180_000);
    await withDb(target, (db) => sql.raw('DROP TRIGGER rollback_poison').execute(db.kysely));
    const result = await wpcal('import', file);
    expect(result.stderr).to.equal('');
    expect(result.stdout.trim()).to.equal(`created ${EVENTS - FIRST_UNIT}, updated ${2 * 4 + FIRST_UNIT}, skipped 0, failed 0`);
    const counts = await rowCounts(target);
    expect(counts.tec_occurrences).to.equal(EVENTS);
    expect(counts.tec_events).to.equal(EVENTS);
  });
});
