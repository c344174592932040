// Site settings written before a test server starts: the site time zone and TEC's serialized
// options (`tribe_events_calendar_options`), which the server reads as it starts.
import { openDatabase } from '../../src/data/connect.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { phpSerialize, type PhpValue } from '../../src/php/serialize.ts';
import { setOption } from '../../src/data/options.ts';
import type { TestDatabase } from './databases.ts';

/** For startTestServer's `before`: writes the site time zone and the TEC settings. */
export function siteOptions(timezone: string, tec: Record<string, PhpValue>): (database: TestDatabase) => Promise<void> {
  return async (database) => {
    const db = await openDatabase(database.url, 'wp_');
    try {
      await prepareDatabase(db);
      await db.write(async (trx) => {
        await setOption(trx, 'timezone_string', timezone);
        await setOption(trx, 'tribe_events_calendar_options', phpSerialize(tec));
      });
    } finally {
      await db.close();
    }
  };
}
