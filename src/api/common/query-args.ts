// WordPress's add_query_arg / remove_query_arg, as the events list (and term links) use them to build
// `rest_url`, `next_rest_url` and `previous_rest_url` (events.md §3.7): values added are written
// raw, values already in the URL are decoded and re-encoded with PHP's urlencode.
import { phpUrldecode, phpUrlencode } from '../../text/php.ts';

/** A value to add; `false` removes the key, `''` writes the bare name. */
export type QueryValue = string | false;

function splitUrl(url: string): { base: string; query: string; fragment: string } {
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const rest = hash === -1 ? url : url.slice(0, hash);
  const mark = rest.indexOf('?');
  return mark === -1 ? { base: rest, query: '', fragment } : { base: rest.slice(0, mark), query: rest.slice(mark + 1), fragment };
}

/** add_query_arg( $args, $url ) */
export function addQueryArgs(url: string, args: ReadonlyArray<readonly [string, QueryValue]>): string {
  const { base, query, fragment } = splitUrl(url);
  const pairs = new Map<string, string | null>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = phpUrldecode(eq === -1 ? part : part.slice(0, eq));
    pairs.set(key, phpUrlencode(eq === -1 ? '' : phpUrldecode(part.slice(eq + 1))));
  }
  for (const [key, value] of args) {
    if (value === false) pairs.delete(key);
    else pairs.set(key, value === '' ? null : value);
  }
  const built = [...pairs].map(([key, value]) => (value === null ? key : `${key}=${value}`)).join('&');
  return `${base}${built === '' ? '' : `?${built}`}${fragment}`;
}

/** remove_query_arg( $key, $url ) */
export function removeQueryArg(url: string, key: string): string {
  return addQueryArgs(url, [[key, false]]);
}
