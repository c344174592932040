// Downloads by URL with WordPress's safe-request rules (wp_safe_remote_get → wp_http_validate_url):
// http/https only, no credentials in the URL, a host that resolves to public addresses only (the
// site's own host excepted), ports 80, 443, 8080 or the site's own port, at most 5 redirects, each
// hop checked the same way before connecting. wpcal also pins the connection to the addresses it
// checked (no second DNS answer can point it elsewhere) and refuses more private ranges than
// WordPress's IPv4 list (link-local, CGNAT, IPv6 local ranges).
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns/promises';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

export interface DownloadLimits {
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /** The whole download (every redirect included) must end within this many milliseconds. */
  timeoutMs: number;
  /** The ports any host may be fetched on (WordPress's `http_allowed_safe_ports`). */
  ports: readonly number[];
}

export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = { maxBytes: 20 * 1024 * 1024, timeoutMs: 30_000, ports: [80, 443, 8080] };
const MAX_REDIRECTS = 5;

/** A URL the rules refuse, or a download that failed: the `image` argument is invalid. */
export class RefusedDownload extends Error {}

const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

interface CheckedUrl {
  url: URL;
  /** The addresses the connection may use; null: the site's own host, resolved as usual. */
  addresses: { address: string; family: number }[] | null;
}

/** wp_http_validate_url, run before each hop: the URL and the addresses it may connect to. */
async function checkUrl(raw: string, home: URL, ports: readonly number[]): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedDownload('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedDownload('only http and https URLs are downloaded');
  if (url.username || url.password) throw new RefusedDownload('a URL with credentials is refused');
  // WordPress refuses a host with any of `:#?[]`, so IPv6 literals too.
  const host = url.hostname.replace(/^\.+|\.+$/g, '');
  if (host === '' || /[:#?[\]]/.test(host)) throw new RefusedDownload('no usable host');
  const sameHost = host.toLowerCase() === home.hostname.toLowerCase();
  if (url.port !== '') {
    const port = Number(url.port);
    if (!ports.includes(port) && !(sameHost && home.port !== '' && Number(home.port) === port)) {
      throw new RefusedDownload(`port ${port} is not allowed`);
    }
  }
  if (sameHost) return { url, addresses: null };
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await resolve(host);
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
    throw new RefusedDownload(`${host} does not resolve to public addresses only`);
  }
  return { url, addresses };
}

async function resolve(host: string): Promise<{ address: string; family: number }[]> {
  try {
    return await dns.lookup(host, { all: true });
  } catch {
    return [];
  }
}

function pinnedLookup(addresses: { address: string; family: number }[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

export interface Downloaded {
  bytes: Buffer;
  /** The URL the body came from, after redirects. */
  url: string;
}

interface Hop {
  status: number;
  location?: string;
  body?: Buffer;
}

function fetchOnce(checked: CheckedUrl, limits: DownloadLimits, signal: AbortSignal): Promise<Hop> {
  const client = checked.url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolveHop, reject) => {
    const req = client.get(checked.url, {
      signal,
      headers: { 'User-Agent': 'wpcal', Accept: 'image/*' },
      ...(checked.addresses ? { lookup: pinnedLookup(checked.addresses) } : {}),
    }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        resolveHop({ status, location: res.headers.location });
        return;
      }
      if (status !== 200) {
        res.resume();
        resolveHop({ status });
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        res.destroy();
        reject(new RefusedDownload('the file is larger than the size limit'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          res.destroy();
          reject(new RefusedDownload('the file is larger than the size limit'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolveHop({ status, body: Buffer.concat(chunks) }));
      res.on('error', reject);
      // A body cut short (the time limit aborting it) ends with `close` alone; after `end` this is a no-op.
      res.on('close', () => reject(new Error('the connection closed')));
    });
    req.on('error', reject);
  });
}

/**
 * The body of `url`, fetched by the safe-request rules, within the limits. `home` is the site's
 * home URL (its host may be fetched from, on its own port too). Any refusal or failure throws
 * RefusedDownload.
 */
export async function safeDownload(url: string, home: string, limits: DownloadLimits): Promise<Downloaded> {
  const homeUrl = new URL(home);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    let current = url;
    for (let redirects = 0; ; redirects++) {
      const hop = await fetchOnce(await checkUrl(current, homeUrl, limits.ports), limits, controller.signal);
      if (hop.body) return { bytes: hop.body, url: current };
      if (!hop.location) throw new RefusedDownload(`the server answered ${hop.status}`);
      if (redirects === MAX_REDIRECTS) throw new RefusedDownload('too many redirects');
      current = new URL(hop.location, current).toString();
    }
  } catch (error) {
    if (error instanceof RefusedDownload) throw error;
    throw new RefusedDownload(controller.signal.aborted ? 'the download took longer than the time limit' : `the download failed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
