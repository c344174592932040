// Answers captured from the real plugin and a WordPress + TEC database dump, kept in
// test/fixtures/ (see test/fixtures/plugin-samples/README.md).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

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

/** The JSON body of a captured exchange. */
export function sampleJson(name: string): Record<string, unknown> {
  return JSON.parse(readSample(name).body);
}

/** Every database ID (and URL carrying one) replaced by `#`: IDs are asserted separately. */
export function withoutIds(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)
    .replace(/("(?:id|term_taxonomy_id)":)\d+/g, '$1"#"')
    .replace(/([?&](?:id|p)=)\d+/g, '$1#')
    .replace(/(\/(?:events|venues|organizers|categories|tags)\/)\d+/g, '$1#'));
}

/** Compares a JSON body with a sample's, IDs aside, key by key (order included), so a failure names the key. */
export function expectLikeSampleBody(actual: Record<string, unknown>, expected: Record<string, unknown>): void {
  const a = withoutIds(actual) as Record<string, unknown>;
  const e = withoutIds(expected) as Record<string, unknown>;
  expect(Object.keys(a)).to.deep.equal(Object.keys(e));
  for (const key of Object.keys(e)) expect(a[key], key).to.deep.equal(e[key]);
}
