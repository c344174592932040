import fs from 'node:fs/promises';
import { createConnection } from 'mysql2/promise';
import { WORDPRESS_DUMP } from './plugin-samples.ts';
import { mysqlOptions } from './databases.ts';

/** Runs a multi-statement SQL script (e.g. a mysqldump file) against a MySQL database URL. */
export async function mysqlScript(url: string, script: string): Promise<void> {
  const connection = await createConnection({ ...mysqlOptions(url), multipleStatements: true });
  try {
    await connection.query(script);
  } finally {
    await connection.end();
  }
}

export async function loadWordPressDump(url: string): Promise<void> {
  await mysqlScript(url, await fs.readFile(WORDPRESS_DUMP, 'utf8'));
}
