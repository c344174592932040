// The `wpcal` command line (interface.md): exit 0 success, 1 runtime failure, 2 usage error.
import { Command, CommanderError, Option } from 'commander';
import { createLogger } from '../log.ts';
import { UsageError, databaseConfig, localeConfig, mediaConfig, serveConfig, siteUrlConfig } from '../config.ts';
import { DatabaseUrlError, openDatabase, type Db } from '../data/connect.ts';
import { MissingTablesError, migrateDatabase, prepareDatabase, type TableCreation } from '../setup/prepare.ts';
import { setChangeLog } from '../setup/change-log.ts';
import { progressBar } from './progress.ts';
import { ROLE_NAMES, isRoleName } from '../auth/roles.ts';
import { ExportFilterError } from '../transfer/export-filter-error.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../transfer/formats.ts';
import { CsvMapError, parseColumnMap } from '../transfer/csv/column-map.ts';

const VERSION = '0.1.0';

/** A bad value on the command line: printed as one line, exit code 2 (any other failure: exit code 1). */
const USAGE_ERRORS = [UsageError, DatabaseUrlError, ExportFilterError, MissingTablesError, CsvMapError];

/** A command that has already said what went wrong and only sets the exit code. */
class ExitCode extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

const list = (value: string | undefined): string[] | undefined => value?.split(',').map((item) => item.trim()).filter(Boolean);

function ids(value: string | undefined, flag: string): number[] | undefined {
  const items = list(value);
  if (items?.some((item) => !/^\d+$/.test(item))) throw new UsageError(`--${flag} takes post IDs, got "${value}"`);
  return items?.map(Number);
}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const dbOption = () => new Option('--db <url>', 'database URL: sqlite:PATH or mysql://USER:PASS@HOST:PORT/DB (env WPCAL_DB)');
const prefixOption = () => new Option('--table-prefix <prefix>', 'WordPress table prefix (env WPCAL_TABLE_PREFIX, default wp_)');
const uploadsOption = () => new Option('--uploads <dir>', 'folder of uploaded and downloaded images, served at /wp-content/uploads/ (env WPCAL_UPLOADS, default ./data/uploads)');
const localeOption = (what: string) => new Option('--locale <locale>', `${what}, a WordPress locale such as de_DE`);
const repeated = (value: string, previous: string[] = []): string[] => [...previous, value];
const siteUrlOption = (what: string) => new Option('--site-url <url>', `${what} (env WPCAL_SITE_URL, default the home option)`);

/**
 * Runs `work` on the prepared database; `creation` says whether the prefix's tables may be
 * created (prepare.ts); `bulkWrites`: the command writes in bulk (see OpenOptions).
 */
async function withDatabase<T>(
  flags: { db?: string; tablePrefix?: string }, creation: TableCreation, work: (db: Db) => Promise<T>, bulkWrites = false,
): Promise<T> {
  const config = databaseConfig(flags);
  const db = await openDatabase(config.db, config.tablePrefix, { createFolder: config.createFolder, bulkWrites });
  try {
    await prepareDatabase(db, creation);
    return await work(db);
  } finally {
    await db.close();
  }
}

/** `migrate` refuses a site beside another one until confirmed: its error says how. */
function withYesHint(error: unknown): never {
  if (error instanceof MissingTablesError) throw new UsageError(`${error.message} (add --yes to create the "${error.prefix}" tables beside them)`);
  throw error;
}

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

function buildProgram(io: Io): Command {
  const program = new Command('wpcal')
    .description('The Events Calendar REST API (tribe/events/v1) over a WordPress database, without WordPress')
    .version(VERSION)
    .option('--verbose', 'print stack traces of errors')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.replace(/\n$/, '')), writeErr: (s) => io.err(s.replace(/\n$/, '')) });

  program.command('serve')
    .description('migrate the database if needed, then serve the API until SIGINT/SIGTERM')
    .addOption(dbOption())
    .option('--host <host>', 'address to listen on (env HOST, default 127.0.0.1)')
    .option('--port <port>', 'port to listen on (env PORT, default 8080)')
    .addOption(prefixOption())
    .addOption(siteUrlOption('base of every URL in responses'))
    .option('--seed <file>', 'load this fixture file when the database has no events yet')
    .addOption(uploadsOption())
    .addOption(localeOption('the site\'s language over its WPLANG option (env WPCAL_LOCALE)'))
    .option('--languages <dir>', 'a folder of the site\'s catalogs (wp-content/languages, or the plugin\'s lang/), looked up before wpcal\'s own; repeatable', repeated)
    .option('--wordpress <dir>', 'a WordPress install: its wp-content/uploads (unless --uploads) and every folder of its calendar catalogs')
    .action(async (flags) => {
      const config = serveConfig(flags);
      const logger = createLogger(config.logLevel);
      const { startServer } = await import('../server.ts');
      const { limitHeapGrowth } = await import('../memory.ts');
      limitHeapGrowth();
      const server = await startServer({ ...config, logger });
      logger.info({ url: server.url, db: server.db.label }, 'wpcal listening');
      const signal = await waitForSignal();
      logger.info({ signal }, 'shutting down');
      await server.close();
    });

  program.command('migrate')
    .description('create missing WordPress and TEC 6 tables, indexes and rows; never rewrites existing rows')
    .addOption(dbOption())
    .addOption(prefixOption())
    .option('--yes', "create the prefix's tables even though the database holds another prefix's WordPress tables")
    .option('--change-log', "MySQL/MariaDB: make the change log, whose triggers tell wpcal another connection's writes post by post")
    .option('--no-change-log', 'MySQL/MariaDB: drop the change log and its triggers')
    .action(async (flags) => {
      const config = databaseConfig(flags);
      const db = await openDatabase(config.db, config.tablePrefix, { createFolder: config.createFolder });
      const progress = progressBar('events');
      try {
        const creation = flags.yes === true ? 'beside-other-sites' : 'in-empty-database';
        const changes = await migrateDatabase(db, { onProgress: progress.update, creation }).catch(withYesHint);
        progress.stop();
        io.out(`migrated ${db.label}: ${changes.createdTables.length} tables, ${changes.createdIndexes.length} indexes, ${changes.addedOptions.length} options added`);
        const { migrated, skipped } = changes.events;
        io.out(`migrated ${migrated} events, skipped ${skipped.length}`);
        for (const event of skipped) io.out(`skipped event ${event.id}: ${event.reason}`);
        if (typeof flags.changeLog === 'boolean') io.out(await setChangeLog(db, flags.changeLog));
      } finally {
        progress.stop();
        await db.close();
      }
    });

  const user = program.command('user').description('manage WordPress users and application passwords');
  user.command('add')
    .description('create a user with a role and print a new application password (last line)')
    .argument('<login>', 'the user login')
    .addOption(new Option('--role <role>', 'the WordPress role').choices(ROLE_NAMES).makeOptionMandatory())
    .option('--email <email>', 'the e-mail address')
    .addOption(localeOption('the user\'s language (default: the site\'s)'))
    .addOption(dbOption())
    .addOption(prefixOption())
    .action(async (login: string, flags) => {
      if (!isRoleName(flags.role)) throw new UsageError(`unknown role "${flags.role}"`);
      const locale = localeConfig(flags.locale) ?? '';
      const { createUser } = await import('../users/manage.ts');
      const created = await withDatabase(flags, 'never', (db) => createUser(db, login, flags.role, flags.email, locale));
      io.out(`created user ${login} (ID ${created.id}) with role ${flags.role}`);
      io.out('application password:');
      io.out(created.password);
    });
  user.command('update')
    .description('change a user\'s settings')
    .argument('<login>', 'the user login')
    .addOption(new Option('--locale <locale>', 'the user\'s language, a WordPress locale such as de_DE; "" for the site\'s').makeOptionMandatory())
    .addOption(dbOption())
    .addOption(prefixOption())
    .action(async (login: string, flags) => {
      const locale = flags.locale === '' ? '' : localeConfig(flags.locale)!;
      const { setUserLocale } = await import('../users/manage.ts');
      await withDatabase(flags, 'never', (db) => setUserLocale(db, login, locale));
      io.out(`updated user ${login}: locale ${locale === '' ? '(the site\'s)' : locale}`);
    });
  user.command('password')
    .description('add an application password to an existing user and print it (last line)')
    .argument('<login>', 'the user login')
    .option('--name <name>', 'a label for the password')
    .addOption(dbOption())
    .addOption(prefixOption())
    .action(async (login: string, flags) => {
      const { createApplicationPassword } = await import('../users/manage.ts');
      const password = await withDatabase(flags, 'never', (db) => createApplicationPassword(db, login, flags.name));
      io.out(`new application password for ${login}:`);
      io.out(password);
    });

  program.command('media')
    .description('manage the media library')
    .command('add')
    .description('add image files (JPEG, PNG, GIF, WebP) as attachments with their sub-sizes; prints each one\'s ID')
    .argument('<files...>', 'the image files')
    .addOption(dbOption())
    .addOption(prefixOption())
    .addOption(uploadsOption())
    .addOption(siteUrlOption('base of the file URLs written'))
    .action(async (files: string[], flags) => {
      const siteUrl = siteUrlConfig(flags.siteUrl);
      const media = mediaConfig(flags);
      const { addMediaFiles } = await import('./media-add.ts');
      const code = await withDatabase(flags, 'in-empty-database', (db) => addMediaFiles(db, files, { media, siteUrl, out: io.out, err: io.err }));
      if (code !== 0) throw new ExitCode(code);
    });

  program.command('import')
    .description('import calendar data: .json (fixture format), .csv (TEC CSV), .xml (WordPress WXR), .ics (iCalendar)')
    .argument('<files...>', 'the files, each imported in one transaction')
    .addOption(dbOption())
    .addOption(prefixOption())
    .option('--dry-run', 'do everything but download images, then roll back: nothing is written')
    .addOption(siteUrlOption('base of the post GUIDs written'))
    .addOption(uploadsOption())
    .option('--no-images', 'download no image: image URLs that are not already attachments are left out')
    .option('--map <HEADER=field,…>', 'CSV files: read the column HEADER as the plugin\'s column key field (event_name, event_start_date, venue_name, organizer_email…), as TEC\'s column mapping screen does; repeatable', repeated)
    .action(async (files: string[], flags) => {
      const siteUrl = siteUrlConfig(flags.siteUrl);
      const [{ uploadsLibrary }, { checkColumnMap }, { importFiles }] = await Promise.all([
        import('../media/uploads.ts'), import('../transfer/csv/map-check.ts'), import('../transfer/import-command.ts'),
      ]);
      const images = flags.images === false ? null : uploadsLibrary(mediaConfig(flags));
      const columnMap = parseColumnMap(flags.map ?? []);
      await checkColumnMap(files, columnMap);
      // Importing into a new, empty database is a normal first step.
      const options = { dryRun: flags.dryRun === true, siteUrl, images, columnMap, out: io.out, err: io.err };
      const code = await withDatabase(flags, 'in-empty-database', (db) => importFiles(db, files, options), true);
      if (code !== 0) throw new ExitCode(code);
    });

  program.command('export')
    .description('write the calendar to stdout')
    .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS).default('json'))
    .addOption(dbOption())
    .addOption(prefixOption())
    .option('--start-date <date>', 'only events ending on or after this date')
    .option('--end-date <date>', 'only events starting on or before this date')
    .option('--status <statuses>', 'comma-separated post statuses (default: all but trash and auto-draft)')
    .option('--category <slugs>', 'comma-separated category slugs or IDs')
    .option('--tag <slugs>', 'comma-separated tag slugs or IDs')
    .option('--venue <ids>', 'comma-separated venue IDs')
    .option('--organizer <ids>', 'comma-separated organizer IDs')
    .addOption(siteUrlOption('base of the URLs, UIDs and GUIDs written'))
    .action(async (flags) => {
      const siteUrl = siteUrlConfig(flags.siteUrl);
      const filters = {
        startDate: flags.startDate, endDate: flags.endDate, status: list(flags.status), category: list(flags.category),
        tag: list(flags.tag), venue: ids(flags.venue, 'venue'), organizer: ids(flags.organizer, 'organizer'),
      };
      const { exportEvents } = await import('../transfer/export-command.ts');
      await withDatabase(flags, 'never', (db) => exportEvents(db, flags.format as ExportFormat, filters, process.stdout, siteUrl));
    });

  return program;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function main(argv: string[], io: Io = { out: console.log, err: console.error }): Promise<number> {
  const program = buildProgram(io);
  const verbose = argv.includes('--verbose');
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return 0;
      return 2;
    }
    if (error instanceof ExitCode) return error.code;
    if (USAGE_ERRORS.some((kind) => error instanceof kind)) {
      io.err(`wpcal: ${errorMessage(error)}`);
      return 2;
    }
    io.err(`wpcal: ${errorMessage(error)}`);
    if (verbose && error instanceof Error) io.err(error.stack ?? '');
    return 1;
  }
}
