// A reused answer as it goes on the wire, prepared once per cached answer: setting its headers one
// `ctx.set` at a time was about a tenth of the CPU time of every cache hit.
import type { OutgoingRest } from '../api/exchange.ts';
import { piecesLength, type JsonPieces } from '../php/json-encode.ts';

interface PreparedAnswer {
  /** Name, value, name, value…: what `ServerResponse.writeHead` takes. */
  headers: string[];
  /** Written one piece after the other (corked): an answer is never copied into one buffer. */
  body: JsonPieces;
}

/** The content type of a JSON answer (JSONP when the client asked for it). */
export function jsonType(out: OutgoingRest): string {
  return out.jsonp === undefined ? 'application/json; charset=UTF-8' : 'application/javascript; charset=UTF-8';
}

/**
 * The body of a JSON answer: the JSON, or the JSONP call around it. The callback name is a word
 * (dispatch.ts), so the pieces stay ASCII.
 */
export function jsonBody(out: OutgoingRest, json: JsonPieces): JsonPieces {
  return out.jsonp ? [`/**/${out.jsonp}(`, ...json, ')'] : json;
}

/**
 * A memo of each kept answer's wire form, not a cache with rules of its own: it is keyed by the
 * answer object the response cache keeps (and dies with it), and is computed from that object
 * alone, so whether an answer is reused is decided entirely by the services' ResponseCache.
 */
const prepared = new WeakMap<OutgoingRest, PreparedAnswer>();

/**
 * The headers in the order and spelling the Koa path sends them (a later header of the same name
 * replaces an earlier one in place, as `setHeader` does), then Content-Type and Content-Length.
 */
function prepare(out: OutgoingRest, json: JsonPieces): PreparedAnswer {
  const body = jsonBody(out, json);
  const byName = new Map<string, [string, string]>();
  const set = (name: string, value: string) => byName.set(name.toLowerCase(), [name, value]);
  for (const [name, value] of Object.entries(out.headers)) set(name, value);
  set('Content-Type', jsonType(out));
  set('Content-Length', String(piecesLength(body)));
  return { headers: [...byName.values()].flat(), body };
}

/** The wire form of an answer kept by the response cache (one with its `json`), kept alongside it; null for others. */
export function preparedAnswer(out: OutgoingRest): PreparedAnswer | null {
  if (!out.json) return null;
  let answer = prepared.get(out);
  if (!answer) prepared.set(out, answer = prepare(out, out.json));
  return answer;
}
