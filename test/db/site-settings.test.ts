// The site settings object is kept while the settings stay the same (answers and event
// representations are kept per settings object): TEC's known date range, which event writes
// rewrite in the same option as the TEC settings, leaves it as it was.
import { expect } from 'chai';
import type { Db } from '../../src/data/connect.ts';
import { setOption } from '../../src/data/options.ts';
import { phpSerialize, type PhpValue } from '../../src/php/serialize.ts';
import { SiteSettingsCache } from '../../src/site/settings.ts';
import { forEachDatabase, preparedDatabaseForBlock } from '../support/databases.ts';

forEachDatabase('site settings object', (kind) => {
  let db: Db;
  preparedDatabaseForBlock(kind, (handles) => ({ db } = handles));

  const tecOptions = (options: Record<string, PhpValue>) => db.write((trx) => setOption(trx, 'tribe_events_calendar_options', phpSerialize(options)));

  it('stays the same object when only the known date range changed, and is new when a setting did', async () => {
    // Read again on every call.
    const settings = new SiteSettingsCache(db.kysely, () => 'http://127.0.0.1:1', undefined, -1);
    await tecOptions({ defaultCurrencySymbol: '€' });
    const first = await settings.get();
    expect(first.tec).to.deep.equal({ defaultCurrencySymbol: '€' });
    await tecOptions({ defaultCurrencySymbol: '€', earliest_date: '2026-01-01 10:00:00', earliest_date_markers: [7], latest_date: '2027-01-01 12:00:00', latest_date_markers: [9] });
    expect(await settings.get(), 'the range written').to.equal(first);
    await tecOptions({ defaultCurrencySymbol: '€', earliest_date: '2025-06-01 10:00:00', earliest_date_markers: [11], latest_date: '2027-01-01 12:00:00', latest_date_markers: [9] });
    expect(await settings.get(), 'the range widened').to.equal(first);
    await tecOptions({ defaultCurrencySymbol: '£', earliest_date: '2025-06-01 10:00:00', earliest_date_markers: [11], latest_date: '2027-01-01 12:00:00', latest_date_markers: [9] });
    const changed = await settings.get();
    expect(changed, 'a setting changed').to.not.equal(first);
    expect(changed.tec).to.deep.equal({ defaultCurrencySymbol: '£' });
    expect(await settings.get(), 'read again, nothing changed').to.equal(changed);
  });
});
