// Configuration: flags win over environment variables, which win over defaults (interface.md).
import fs from 'node:fs';
import path from 'node:path';

export interface DatabaseConfig {
  db: string;
  tablePrefix: string;
  /** Whether a SQLite file's missing folder may be created: only for the default database. */
  createFolder: boolean;
}

const DEFAULT_DB = 'sqlite:./data/wpcal.sqlite';

/** Where images go and how downloads are bounded (`serve`, `media add`, `import`). */
export interface MediaConfig {
  uploads: string;
  imageMaxBytes: number;
  imageTimeoutMs: number;
  imagePorts: number[];
}

export interface ServeConfig extends DatabaseConfig, MediaConfig {
  host: string;
  port: number;
  siteUrl?: string;
  seed?: string;
  logLevel: string;
  /** The site's locale over its WPLANG option. */
  locale?: string;
  /** The site's catalog folders, looked up before wpcal's own. */
  languages: string[];
}

export class UsageError extends Error {}

type Env = Record<string, string | undefined>;

export function databaseConfig(flags: { db?: string; tablePrefix?: string }, env: Env = process.env): DatabaseConfig {
  const db = flags.db ?? env.WPCAL_DB ?? DEFAULT_DB;
  return {
    db,
    tablePrefix: flags.tablePrefix ?? env.WPCAL_TABLE_PREFIX ?? 'wp_',
    createFolder: db === DEFAULT_DB,
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`invalid port "${value}" (expected 0-65535)`);
  return port;
}

function positiveNumber(value: string, what: string): number {
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number <= 0) throw new UsageError(`invalid ${what} "${value}" (expected a positive number)`);
  return number;
}

/**
 * `--uploads` (WPCAL_UPLOADS, default ./data/uploads) and the download limits: WPCAL_IMAGE_MAX_MB,
 * WPCAL_IMAGE_TIMEOUT (seconds) and WPCAL_IMAGE_PORTS (the ports any host may be fetched on).
 */
export function mediaConfig(flags: { uploads?: string }, env: Env = process.env): MediaConfig {
  return {
    uploads: flags.uploads ?? env.WPCAL_UPLOADS ?? './data/uploads',
    imageMaxBytes: Math.round(positiveNumber(env.WPCAL_IMAGE_MAX_MB ?? '20', 'WPCAL_IMAGE_MAX_MB') * 1024 * 1024),
    imageTimeoutMs: Math.round(positiveNumber(env.WPCAL_IMAGE_TIMEOUT ?? '30', 'WPCAL_IMAGE_TIMEOUT') * 1000),
    imagePorts: (env.WPCAL_IMAGE_PORTS ?? '80,443,8080').split(',').map((port) => parsePort(port.trim())),
  };
}

/** `--site-url`, else WPCAL_SITE_URL: the base of every URL wpcal writes, when not the home option. */
export function siteUrlConfig(flag: string | undefined, env: Env = process.env): string | undefined {
  const siteUrl = flag ?? env.WPCAL_SITE_URL;
  if (siteUrl !== undefined && !/^https?:\/\/[^/]+/.test(siteUrl)) {
    throw new UsageError(`invalid site URL "${siteUrl}" (expected http://HOST[:PORT][/PATH])`);
  }
  return siteUrl;
}

/** A locale as WordPress names them: de_DE, pt_BR, de_DE_formal. */
export function localeConfig(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[A-Za-z]{2,3}(?:_[A-Za-z0-9]+)*$/.test(value)) {
    throw new UsageError(`invalid locale "${value}" (expected a WordPress locale such as de_DE)`);
  }
  return value;
}

/**
 * `--wordpress DIR`: a WordPress install's uploads folder and every folder its calendar's catalogs
 * sit in (the language packs, the plugin's own and its common library's), those that exist.
 */
function wordpressFolders(root: string | undefined): { uploads?: string; languages: string[] } {
  if (root === undefined) return { languages: [] };
  const content = path.join(root, 'wp-content');
  if (!fs.existsSync(content)) throw new UsageError(`no WordPress install in "${root}" (no wp-content folder)`);
  const plugin = path.join(content, 'plugins', 'the-events-calendar');
  const languages = [path.join(content, 'languages'), path.join(plugin, 'lang'), path.join(plugin, 'common', 'lang')];
  return { uploads: path.join(content, 'uploads'), languages: languages.filter((dir) => fs.existsSync(dir)) };
}

export function serveConfig(
  flags: {
    db?: string; tablePrefix?: string; host?: string; port?: string; siteUrl?: string; seed?: string; uploads?: string;
    locale?: string; languages?: string[]; wordpress?: string;
  },
  env: Env = process.env,
): ServeConfig {
  const siteUrl = siteUrlConfig(flags.siteUrl, env);
  for (const dir of flags.languages ?? []) {
    if (!fs.existsSync(dir)) throw new UsageError(`no languages folder "${dir}"`);
  }
  const wordpress = wordpressFolders(flags.wordpress);
  return {
    ...databaseConfig(flags, env),
    ...mediaConfig({ uploads: flags.uploads ?? wordpress.uploads }, env),
    locale: localeConfig(flags.locale ?? env.WPCAL_LOCALE),
    languages: [...(flags.languages ?? []), ...wordpress.languages],
    host: flags.host ?? env.HOST ?? '127.0.0.1',
    port: parsePort(flags.port ?? env.PORT ?? '8080'),
    siteUrl,
    seed: flags.seed,
    logLevel: logLevel(env.WPCAL_LOG),
  };
}

/** pino's levels, and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function logLevel(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new UsageError(`invalid WPCAL_LOG "${value}" (expected one of ${LOG_LEVELS.join(', ')})`);
  }
  return value;
}
