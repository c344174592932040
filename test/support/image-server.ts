// A loopback HTTP server standing for the web in image tests: generated images, non-images,
// redirects, a slow and a huge body. Paths under /wp-content/uploads/ are passed on to the wpcal
// server (as a site's web server would), so the site URL can be this server's.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A real image of that size and format (a gradient, so encoders have something to do). */
export async function makeImage(width: number, height: number, format: 'jpeg' | 'png' | 'gif' | 'webp'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x + y) * 7) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

export /** The folder's files, recursively, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export interface ImageServer {
  url: string;
  port: number;
  /** The files served: path → body (and its content type). */
  files: Map<string, { body: Buffer; type: string }>;
  /** Where /wp-content/uploads/ requests are passed on to. */
  upstream: string | null;
  /** How many requests reached each path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startImageServer(): Promise<ImageServer> {
  const files = new Map<string, { body: Buffer; type: string }>();
  const hits = new Map<string, number>();
  const state: { upstream: string | null } = { upstream: null };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (url.pathname.startsWith('/wp-content/uploads/') && state.upstream) {
      const upstream = await fetch(state.upstream + url.pathname);
      res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (redirect) {
      const left = Number(redirect[1]);
      res.writeHead(302, { Location: left > 0 ? `/redirect/${left - 1}` : '/photo.jpg' });
      res.end();
      return;
    }
    if (url.pathname === '/to-private') {
      res.writeHead(301, { Location: `http://localhost:${port}/private.jpg` });
      res.end();
      return;
    }
    if (url.pathname === '/slow.jpg') {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.write(Buffer.from([0xff, 0xd8, 0xff]));
      return; // never ends
    }
    const file = files.get(url.pathname);
    if (!file) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': file.type });
    res.end(file.body);
  });
  // Both loopback addresses (`localhost` may resolve to either), so only wpcal's check keeps it out.
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    files,
    hits,
    get upstream() {
      return state.upstream;
    },
    set upstream(value) {
      state.upstream = value;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
