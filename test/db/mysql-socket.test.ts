// A MySQL URL ending in `?socket=PATH` reaches the server through its Unix socket (MySQL only: a
// SQLite URL names a file).
import { expect } from 'chai';
import { sql } from 'kysely';
import { openDatabase } from '../../src/data/connect.ts';
import { ensureSchema } from '../../src/data/schema.ts';
import { getOption, setOption } from '../../src/data/options.ts';
import { databaseKinds } from '../support/databases.ts';

for (const kind of databaseKinds().filter((candidate) => candidate.name === 'mysql')) {
  describe('MySQL through its Unix socket', () => {
    it('connects through the socket the URL names, reads and writes', async () => {
      const database = await kind.create();
      const overTcp = await openDatabase(database.url, 'wp_');
      try {
        const { rows: [server] } = await sql<{ socket: string }>`SELECT @@socket AS socket`.execute(overTcp.kysely);
        const url = new URL(database.url);
        url.searchParams.set('socket', server!.socket);
        const overSocket = await openDatabase(url.toString(), 'wp_');
        try {
          await ensureSchema(overSocket);
          await overSocket.write((trx) => setOption(trx, 'reached_by', 'socket'));
          expect(await getOption(overTcp.kysely, 'reached_by')).to.equal('socket');
          // The server names a socket client's host `localhost`, a TCP client's `ADDRESS:PORT`.
          const { rows: [client] } = await sql<{ host: string }>`SELECT host FROM information_schema.processlist WHERE id = CONNECTION_ID()`.execute(overSocket.kysely);
          expect(client!.host).to.equal('localhost');
          const { rows: [tcpClient] } = await sql<{ host: string }>`SELECT host FROM information_schema.processlist WHERE id = CONNECTION_ID()`.execute(overTcp.kysely);
          expect(tcpClient!.host).to.match(/:\d+$/);
        } finally {
          await overSocket.close();
        }
      } finally {
        await overTcp.close();
        await database.drop();
      }
    });
  });
}
