// Configuration: flags win over environment variables, which win over defaults (interface.md).

export interface DatabaseConfig {
  db: string;
  tablePrefix: string;
}

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
  return {
    db: flags.db ?? env.WPCAL_DB ?? 'sqlite:./data/wpcal.sqlite',
    tablePrefix: flags.tablePrefix ?? env.WPCAL_TABLE_PREFIX ?? 'wp_',
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`invalid port "${value}" (expected 0-65535)`);
  return port;
}

export function serveConfig(
  flags: { db?: string; tablePrefix?: string; host?: string; port?: string; siteUrl?: string; seed?: string },
  env: Env = process.env,
): ServeConfig {
  const siteUrl = flags.siteUrl ?? env.WPCAL_SITE_URL;
  if (siteUrl !== undefined && !/^https?:\/\/[^/]+/.test(siteUrl)) {
    throw new UsageError(`invalid site URL "${siteUrl}" (expected http://HOST[:PORT][/PATH])`);
  }
  return {
    ...databaseConfig(flags, env),
    host: flags.host ?? env.HOST ?? '127.0.0.1',
    port: parsePort(flags.port ?? env.PORT ?? '8080'),
    siteUrl: siteUrl || undefined,
    seed: flags.seed,
    logLevel: env.WPCAL_LOG ?? 'info',
  };
}
