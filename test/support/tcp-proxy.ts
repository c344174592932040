// A loopback TCP proxy in front of the test database server, to play a database that freezes
// (connections stay open, nothing moves) or goes down (every connection is cut, new ones too).
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type ProxyState = 'up' | 'frozen' | 'down';

export interface TcpProxy {
  port: number;
  set(state: ProxyState): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let state: ProxyState = 'up';
  const pairs = new Set<[net.Socket, net.Socket]>();
  const apply = ([client, upstream]: [net.Socket, net.Socket]) => {
    if (state === 'down') {
      client.destroy();
      upstream.destroy();
    } else if (state === 'frozen') {
      client.pause();
      upstream.pause();
    } else {
      client.resume();
      upstream.resume();
    }
  };
  const server = net.createServer((client) => {
    if (state === 'down') return void client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
    apply(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    set(next) {
      state = next;
      for (const pair of [...pairs]) apply(pair);
    },
    async close() {
      state = 'down';
      for (const pair of [...pairs]) apply(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
