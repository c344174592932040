// An HTTP client for load generators that share the machine with the server they measure:
// node:http over kept-alive sockets costs the client about half the CPU of fetch() per request,
// and what the client spends is taken from the server on a small machine. Same answer shape as
// server.ts's request().
import http from 'node:http';
import type { HttpResult, RequestOptions } from './server.ts';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function leanRequest(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  if (options.auth) headers.Authorization = options.auth;
  return new Promise((resolve, reject) => {
    const req = http.request(baseUrl + path, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        const answered = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answered.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers: answered, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
