// Answers captured from the real plugin and a WordPress + TEC database dump, kept in
// test/fixtures/ (see test/fixtures/plugin-samples/README.md).
import fs from 'node:fs';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
export const SAMPLES = path.join(FIXTURES, 'plugin-samples');
export const WORDPRESS_DUMP = path.join(FIXTURES, 'wordpress/tec-wordpress-schema-dump.sql');
export const TEC_CSV = path.join(FIXTURES, 'tec-csv');

/** One captured exchange: the request line (path onwards), status, headers and body. */
export interface CapturedSample {
  request: string;
  status: number;
  headers: Map<string, string>;
  body: string;
  /** The JSON body the request sent with `-d`, if any. */
  requestJson: unknown;
}

export function readSample(name: string): CapturedSample {
  const text = fs.readFileSync(path.join(SAMPLES, name), 'utf8');
  const [head, ...rest] = text.split(/\r?\n\r?\n/);
  const lines = head!.split(/\r?\n/);
  const headers = new Map<string, string>();
  for (const line of lines.slice(2)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  // The curl line escapes the shell's specials with backslashes.
  const data = / -d (.*) http:\/\//.exec(lines[0]!)?.[1];
  return {
    request: lines[0]!.replace(/^.*?8881/, '').replace(/\\/g, ''),
    status: Number(lines[1]!.split(' ')[1]),
    headers,
    body: rest.join('\n\n').trim(),
    requestJson: data === undefined ? undefined : JSON.parse(data.replace(/\\(.)/g, '$1')),
  };
}
