// Request bodies: JSON, form-encoded and multipart fields, up to BODY_LIMIT_BYTES. Only the routes
// that take an upload (wp/v2/media) take a file: a raw body, or one multipart `file` part, read
// into memory up to the upload limit. Elsewhere a multipart body with a file part is refused.
// Nothing of a body is ever written to disk here.
import { Writable } from 'node:stream';
import type Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type qs from 'qs';
import { RestError } from '../domain/errors.ts';
import { __ } from '../i18n/phrase.ts';

const BODY_METHODS = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];

/** The largest body read: JSON, form-encoded, text, or the fields of a multipart body. */
const BODY_LIMIT_BYTES = 1024 * 1024;

// formidable's code (errors.maxFilesExceeded) for a file part beyond `maxFiles`.
const FORMIDABLE_TOO_MANY_FILES = 1015;

/**
 * Where formidable writes a file part: nowhere. With `maxFiles: 0` it fails as the first file part
 * begins, but still opens that file's stream and writes the part's data to it; a file on disk
 * would stay behind.
 */
function discardedFile(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/** The upload file parts formidable is writing, by file object. */
const fileParts = new WeakMap<object, Buffer[]>();

function memoryFile(file: unknown): Writable {
  const chunks: Buffer[] = [];
  fileParts.set(file as object, chunks);
  return new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      chunks.push(chunk);
      done();
    },
  });
}

/** `filename` of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function dispositionFileName(header: string | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|ISO-8859-1)?'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      return null;
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1] ?? plain?.[2] ?? '';
  return name.trim() === '' ? null : name.trim();
}

function tooLarge(limit: number): RestError {
  return RestError.withStatus('rest_upload_too_large', __('The file is larger than %s MB.', Math.round(limit / 1024 / 1024)), 413);
}

async function rawBytes(ctx: Koa.Context, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The body of an upload route: multipart → its fields and `file` part; JSON or form-encoded → its
 * fields; anything else → the raw bytes, named by Content-Disposition. Leaves `ctx.state.upload`.
 */
export function uploadBodyParser(queryString: qs.IParseOptions, limit: number): Koa.Middleware {
  const multipart = koaBody({
    json: false,
    urlencoded: false,
    multipart: true,
    formidable: { maxFiles: 1, maxFileSize: limit, maxFieldsSize: BODY_LIMIT_BYTES, fileWriteStreamHandler: memoryFile },
    queryString,
    onError: (error, ctx) => {
      ctx.state.bodyError = error;
    },
  });
  return async (ctx, next) => {
    if (ctx.is('multipart')) {
      return multipart(ctx, async () => {
        const files = ctx.request.files?.file;
        const file = Array.isArray(files) ? files[0] : files;
        const chunks = file ? fileParts.get(file) : undefined;
        if ((ctx.state.bodyError as { httpCode?: number } | undefined)?.httpCode === 413) ctx.state.bodyError = tooLarge(limit);
        ctx.state.upload = file && chunks ? { name: file.originalFilename ?? null, bytes: Buffer.concat(chunks) } : null;
        await next();
      });
    }
    if (ctx.is('json', 'urlencoded')) return bodyParser(queryString)(ctx, next);
    try {
      ctx.state.upload = { name: dispositionFileName(ctx.get('Content-Disposition') || undefined), bytes: await rawBytes(ctx, limit) };
    } catch (error) {
      ctx.state.bodyError = error;
    }
    return next();
  };
}

/** koa-body for the methods that carry a body; a failed read is left in `ctx.state.bodyError`. */
export function bodyParser(queryString: qs.IParseOptions): Koa.Middleware {
  const parse = koaBody({
    json: true,
    urlencoded: true,
    multipart: true,
    jsonStrict: false,
    jsonLimit: BODY_LIMIT_BYTES,
    formLimit: BODY_LIMIT_BYTES,
    textLimit: BODY_LIMIT_BYTES,
    formidable: { maxFiles: 0, maxFieldsSize: BODY_LIMIT_BYTES, fileWriteStreamHandler: discardedFile },
    parsedMethods: BODY_METHODS,
    queryString,
    onError: (error, ctx) => {
      ctx.state.bodyError = error;
    },
  });
  // koa-body looks at the content type of every request before it checks the method.
  const bodyMethods = new Set<string>(BODY_METHODS);
  return (ctx, next) => (bodyMethods.has(ctx.method) ? parse(ctx, next) : next());
}

function invalidJson(message: string): RestError {
  return RestError.withStatus('rest_invalid_json', __('Invalid JSON body passed.'), 400, {
    json_error_code: 4,
    json_error_message: message,
  });
}

/** The answer to a body that could not be read: too large (413), a file (415), else unreadable. */
function unreadBody(error: Error): RestError {
  if (error instanceof RestError) return error;
  // raw-body sets `status`, formidable `httpCode`.
  const { status, httpCode, code } = error as { status?: unknown; httpCode?: unknown; code?: unknown };
  if (code === FORMIDABLE_TOO_MANY_FILES) {
    return RestError.withStatus('rest_upload_not_supported', __('File uploads are not accepted.'), 415);
  }
  if (status === 413 || httpCode === 413) {
    return RestError.withStatus('rest_payload_too_large', __('The request body is larger than %s MB.', BODY_LIMIT_BYTES / 1024 / 1024), 413);
  }
  return invalidJson('Syntax error');
}

export function readBody(ctx: Koa.Context): { body: Record<string, unknown> | null; error: RestError | null } {
  const parseError = ctx.state.bodyError as Error | undefined;
  if (parseError) return { body: null, error: unreadBody(parseError) };
  const body: unknown = ctx.request.body;
  if (body === undefined || body === null) return { body: null, error: null };
  if (typeof body !== 'object' || Array.isArray(body)) {
    // PHP would decode `true` or `[1]` and then crash on it; wpcal refuses them up front.
    return ctx.is('json') && !(Array.isArray(body) && body.length === 0)
      ? { body: null, error: invalidJson('The JSON body must be an object.') }
      : { body: null, error: null };
  }
  return { body: body as Record<string, unknown>, error: null };
}
