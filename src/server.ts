// `wpcal serve`: open and migrate the database, then serve until SIGINT/SIGTERM.
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { openDatabase, type Db, type OpenOptions } from './data/connect.ts';
import { SERVING_DEADLINES, type Deadlines } from './data/deadlines.ts';
import { migrateEvents } from './setup/migrate-events.ts';
import { prepareDatabase } from './setup/prepare.ts';
import { createApp } from './http/app.ts';
import { answerClientErrors } from './http/client-errors.ts';
import { buildServices } from './services.ts';
import type { AppServices } from './api/context.ts';
import { seedFromFile } from './fixtures/seed.ts';
import { UploadsLibrary } from './media/uploads.ts';
import { DEFAULT_DOWNLOAD_LIMITS } from './media/safe-request.ts';

export interface ServerOptions {
  db: string;
  tablePrefix: string;
  /** Whether a SQLite file's missing folder may be created (the default database's). */
  createFolder?: boolean;
  host: string;
  port: number;
  siteUrl?: string;
  /** A fixture file loaded when the database has no events yet. */
  seed?: string;
  logger: Logger;
  /** Clock override for tests. */
  now?: () => Date;
  /** How long requests wait for the database (SERVING_DEADLINES unless given). */
  deadlines?: Deadlines;
  /** The uploads folder (default ./data/uploads) and the download limits. */
  uploads?: string;
  imageMaxBytes?: number;
  imageTimeoutMs?: number;
  imagePorts?: number[];
  /** The site's locale over its WPLANG option, and its own catalog folders. */
  locale?: string;
  languages?: string[];
  /** MySQL: the periods of the checks for other connections' writes made while wpcal writes (for tests; OpenOptions). */
  outsideChecks?: Pick<OpenOptions, 'outsideCheckMs' | 'outsideFullCheckMs'>;
}

export interface RunningServer {
  /** http://HOST:PORT of the listening socket. */
  url: string;
  db: Db;
  /** Settles when what `serve` reads in the background as it starts (the events' list keys) is read. */
  warmedUp: Promise<void>;
  close(): Promise<void>;
}

export class StartupError extends Error {}

function listen(server: http.Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const reason = error.code === 'EADDRINUSE' ? `port ${port} on ${host} is already in use`
        : error.code === 'EACCES' ? `no permission to listen on ${host}:${port}`
          : `cannot listen on ${host}:${port}: ${error.message}`;
      reject(new StartupError(reason));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** "Migrate the database if needed" (interface.md): the TEC 6 rows `wpcal migrate` would still build. */
async function buildMissingEventRows(db: Db, { logger, now }: ServerOptions): Promise<void> {
  const { migrated, skipped } = await migrateEvents(db, {
    now,
    onProgress: (done, total) => {
      if (done === 0 && total > 0) logger.info({ events: total }, 'building the TEC 6 rows of events that lack them');
    },
  });
  if (migrated > 0) logger.info({ events: migrated }, 'built the TEC 6 rows of events that lacked them');
  if (skipped.length > 0) {
    logger.warn({ events: skipped.length, first: skipped.slice(0, 5) }, 'events left out of lists until their dates are fixed (`wpcal migrate` lists them)');
  }
}

/** The catalogs of the site's language, read before serving so that one wpcal cannot read is told at start. */
async function readSiteCatalogs(services: AppServices): Promise<void> {
  const settings = await services.site.get();
  services.languages.translator(services.localeOverride ?? settings.locale);
  // Read before the listening address, which the settings may take the site's home from, is known.
  services.site.invalidate();
}

/** The events' list keys, read as `serve` starts: lists are answered by SQL until they are in memory. */
async function readListKeys(services: AppServices, logger: Logger): Promise<void> {
  const started = Date.now();
  const occurrences = await services.listedEvents.index.prepare();
  if (occurrences === null) {
    logger.info({ ms: Date.now() - started }, 'the events\' list keys could not be read yet: lists are answered by SQL until a list request reads them');
    return;
  }
  logger.info({ occurrences, dates: services.listedEvents.index.datesHeld(), ms: Date.now() - started }, 'the events\' list keys are in memory');
  const leftToSql = services.listedEvents.index.leftToSql();
  if (leftToSql.length) logger.warn({ lists: leftToSql }, 'some event lists are answered by SQL, slower on a large calendar');
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const db = await openDatabase(options.db, options.tablePrefix, { createFolder: options.createFolder, ...options.outsideChecks });
  try {
    // A first start creates the calendar; a prefix that names no site beside other sites is refused.
    await prepareDatabase(db, 'in-empty-database');
    await buildMissingEventRows(db, options);
    if (db.changeLog === 'needs the PROCESS privilege' || db.changeLog === 'unreadable') {
      const why = db.changeLog === 'unreadable' ? 'it cannot be read (run `wpcal migrate --no-change-log`, then `--change-log`)' : 'its user lacks the PROCESS privilege wpcal needs to read it';
      options.logger.warn(`the database has the change log, but ${why}: another connection's writes to the post tables drop everything kept`);
    } else if (db.dialect === 'mysql' && db.changeLog === 'read') {
      options.logger.info('the change log tells other connections\' writes post by post');
    }
    db.deadlines = options.deadlines ?? SERVING_DEADLINES;
    let listeningOn = `http://${options.host}:${options.port}`;
    const media = new UploadsLibrary(path.resolve(options.uploads ?? './data/uploads'), {
      maxBytes: options.imageMaxBytes ?? DEFAULT_DOWNLOAD_LIMITS.maxBytes,
      timeoutMs: options.imageTimeoutMs ?? DEFAULT_DOWNLOAD_LIMITS.timeoutMs,
      ports: options.imagePorts ?? DEFAULT_DOWNLOAD_LIMITS.ports,
    });
    const services = buildServices(db, {
      fallbackHome: () => listeningOn,
      siteUrl: options.siteUrl,
      now: options.now,
      media,
      locale: options.locale,
      languages: options.languages,
      onUnreadableCatalog: (file, error) => options.logger.warn({ file, reason: error.message }, 'a catalog wpcal cannot read is left out'),
    });
    if (options.seed) {
      const created = await seedFromFile(services, options.seed);
      if (created) options.logger.info({ seed: options.seed, events: created }, 'seeded the calendar');
    }
    await readSiteCatalogs(services);
    const app = createApp({ services, logger: options.logger, uploads: media.root, uploadLimit: media.limits.maxBytes });
    const server = http.createServer(app.callback());
    answerClientErrors(server, options.logger);
    const address = await listen(server, options.host, options.port);
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    listeningOn = `http://${host}:${address.port}`;
    let closing: Promise<void> | null = null;
    return {
      url: listeningOn,
      db,
      warmedUp: readListKeys(services, options.logger),
      close() {
        closing ??= new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }).then(() => db.close());
        return closing;
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
