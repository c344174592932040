// The uploads folder at /wp-content/uploads/…, as a web server in front of WordPress serves it:
// files only (no listings, nothing outside the folder, no dotfiles), their content type, ETag and
// Last-Modified with conditional requests, single byte ranges, and a year of caching (a file's
// name never changes its bytes: a new upload gets a new name).
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';

export const UPLOADS_PATH = '/wp-content/uploads/';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', jpe: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  avif: 'image/avif', svg: 'image/svg+xml', ico: 'image/x-icon', bmp: 'image/bmp', tif: 'image/tiff', tiff: 'image/tiff',
  pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8', json: 'application/json',
  mp3: 'audio/mpeg', mp4: 'video/mp4', webm: 'video/webm', zip: 'application/zip',
};

const YEAR_SECONDS = 365 * 24 * 3600;

/** The file a request path names under `root`, or null for anything but a plain name inside it. */
function fileOf(root: string, requestPath: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(requestPath.slice(UPLOADS_PATH.length));
  } catch {
    return null;
  }
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\\0]/.test(segment))) return null;
  const full = path.resolve(root, ...segments);
  return full.startsWith(path.resolve(root) + path.sep) ? full : null;
}

type Range = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range of a file of `size` bytes; null to send it whole (no range, or several). */
function parseRange(header: string | undefined, size: number): Range {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

function notFound(ctx: Koa.Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = 'Not Found';
}

/** Answers GET and HEAD under /wp-content/uploads/ from `root`; anything else goes on. */
export function serveUploads(root: string): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(UPLOADS_PATH)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    const file = fileOf(root, ctx.path);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) return notFound(ctx);
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    ctx.set('ETag', etag);
    ctx.set('Last-Modified', stat.mtime.toUTCString());
    ctx.set('Cache-Control', `public, max-age=${YEAR_SECONDS}`);
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = TYPES[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const ifRange = ctx.get('If-Range');
    const range = ifRange && ifRange !== etag && ifRange !== stat.mtime.toUTCString() ? null : parseRange(ctx.get('Range') || undefined, stat.size);
    if (range === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${stat.size}`);
      ctx.body = '';
      return;
    }
    const { start, end } = range ?? { start: 0, end: stat.size - 1 };
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
    }
    ctx.length = end - start + 1;
    if (ctx.method === 'HEAD' || ctx.length === 0) return;
    ctx.body = fs.createReadStream(file, { start, end });
  };
}
