// What goes into the REST server and what comes out, independent of the HTTP library.
import type { IncomingHttpHeaders } from 'node:http';
import type { CurrentUser } from '../auth/capabilities.ts';
import type { RestError } from '../domain/errors.ts';
import type { JsonPieces } from '../php/json-encode.ts';
import type { RawBody } from './registry.ts';

export interface IncomingRest {
  /** The HTTP method as sent (HEAD and OPTIONS included). */
  httpMethod: string;
  route: string;
  query: Record<string, unknown>;
  body: Record<string, unknown> | null;
  bodyError: RestError | null;
  headers: IncomingHttpHeaders;
  clientIp: string;
  /** The file of an upload route's body (wp/v2/media): raw bytes or a multipart `file` part. */
  upload?: UploadedFile | null;
  /** In-process callers (the seeder) act as this user instead of authenticating a header. */
  actingUser?: CurrentUser;
}

export interface UploadedFile {
  /** The file name the client gave (Content-Disposition), if any. */
  name: string | null;
  bytes: Buffer;
}

export interface OutgoingRest {
  status: number;
  headers: Record<string, string>;
  /** undefined: no body at all (HEAD, 204). */
  body?: unknown;
  /** JSONP callback name, when the client asked for one. */
  jsonp?: string;
  pretty: boolean;
  /** A non-JSON body sent as is (then `body` and `jsonp` are unset). */
  raw?: RawBody;
  /** `body` already encoded as PHP JSON (answers reused from the response cache). */
  json?: JsonPieces;
}
