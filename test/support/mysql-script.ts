import fs from 'node:fs/promises';
import { createConnection } from 'mysql2/promise';
import { WORDPRESS_DUMP } from './shared.ts';


/** Runs a multi-statement SQL script (e.g. a mysqldump file) against a MySQL database URL. */
export async function mysqlScript(url: string, script: string): Promise<void> {
  const u = new URL(url);
  const connection = await createConnection({
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    multipleStatements: true,
  });
  try {
    await connection.query(script);
  } finally {
    await connection.end();
  }
}

export async function loadWordPressDump(url: string): Promise<void> {
  await mysqlScript(url, await fs.readFile(WORDPRESS_DUMP, 'utf8'));
}
