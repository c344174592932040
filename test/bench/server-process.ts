// The process under load (forked by harness.ts): a wpcal server over the given database and, in
// the same process, a bare Koa app answering every request with the bytes it was last given.
// Load comes from the parent, so the servers never share an event loop with autocannon.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createLogger } from '../../src/log.ts';
import { limitHeapGrowth } from '../../src/memory.ts';
import { startServer } from '../../src/server.ts';
import type { ChildMessage, ParentMessage } from './messages.ts';

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const [dbUrl, prefix] = process.argv.slice(2);
  if (!dbUrl || !prefix) throw new Error('usage: server-process.ts DB_URL TABLE_PREFIX');
  // wpcal's own logger; its lines go to this process's stdout, which the parent sends to /dev/null.
  const logger = createLogger('silent');
  // As `wpcal serve` runs it.
  limitHeapGrowth();
  const wpcal = await startServer({ db: dbUrl, tablePrefix: prefix, host: '127.0.0.1', port: 0, logger });
  // Measured once the server has read what it reads as it starts, as a server that has run a while.
  await wpcal.warmedUp;

  let canned: { status: number; headers: Record<string, string>; body: Buffer } = { status: 204, headers: {}, body: Buffer.alloc(0) };
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.status = canned.status;
    ctx.set(canned.headers);
    ctx.body = canned.body;
  });
  const bareServer = http.createServer(bare.callback());
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  const barePort = (bareServer.address() as AddressInfo).port;

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'canned') {
      canned = { status: message.status, headers: message.headers, body: Buffer.from(message.body, 'base64') };
      send({ type: 'ok' });
    } else if (message.type === 'cpu') {
      const used = process.cpuUsage();
      send({ type: 'cpu', micros: used.user + used.system });
    } else if (message.type === 'log') {
      logger.level = message.level;
      send({ type: 'ok' });
    } else {
      bareServer.close();
      bareServer.closeAllConnections();
      void wpcal.close().then(() => process.exit(0));
    }
  });
  send({ type: 'ready', wpcalUrl: wpcal.url, bareUrl: `http://127.0.0.1:${barePort}` });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? error.stack ?? error.message : String(error) });
  process.exit(1);
});
