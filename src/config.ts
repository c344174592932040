// Configuration: flags win over environment variables, which win over defaults (interface.md).

export interface DatabaseConfig {
  db: string;
  tablePrefix: string;
  /** Whether a SQLite file's missing folder may be created: only for the default database. */
  createFolder: boolean;
}

const DEFAULT_DB = 'sqlite:./data/wpcal.sqlite';

export interface ServeConfig extends DatabaseConfig {
  host: string;
  port: number;
  siteUrl?: string;
  seed?: string;
  logLevel: string;
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

/** `--site-url`, else WPCAL_SITE_URL: the base of every URL wpcal writes, when not the home option. */
export function siteUrlConfig(flag: string | undefined, env: Env = process.env): string | undefined {
  const siteUrl = flag ?? env.WPCAL_SITE_URL;
  if (siteUrl !== undefined && !/^https?:\/\/[^/]+/.test(siteUrl)) {
    throw new UsageError(`invalid site URL "${siteUrl}" (expected http://HOST[:PORT][/PATH])`);
  }
  return siteUrl;
}

export function serveConfig(
  flags: { db?: string; tablePrefix?: string; host?: string; port?: string; siteUrl?: string; seed?: string },
  env: Env = process.env,
): ServeConfig {
  const siteUrl = siteUrlConfig(flags.siteUrl, env);
  return {
    ...databaseConfig(flags, env),
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
