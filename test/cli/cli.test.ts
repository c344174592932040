// The command line: usage, exit codes, one-line errors (interface.md).
import { expect } from 'chai';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { forEachDatabase } from '../support/databases.ts';
import { BIN, runCli, serveCli } from '../support/cli.ts';

// Each test spawns node; on a busy 2-core machine that can take well over the default.
describe('wpcal command line', function () {
  this.timeout(60000);
  it('prints usage for --help and every command --help', async () => {
    const top = await runCli(['--help']);
    expect(top.code).to.equal(0);
    for (const command of ['serve', 'migrate', 'user']) expect(top.stdout).to.contain(command);
    for (const command of [['serve'], ['migrate'], ['user', 'add'], ['user', 'password']]) {
      const help = await runCli([...command, '--help']);
      expect(help.code, command.join(' ')).to.equal(0);
      expect(help.stdout).to.contain('--db');
    }
  });

  it('prints the version', async () => {
    const res = await runCli(['--version']);
    expect(res.code).to.equal(0);
    expect(res.stdout.trim()).to.match(/^\d+\.\d+\.\d+$/);
  });

  it('says how to build it when the command finds no build', async () => {
    const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-unbuilt-'));
    try {
      fs.cpSync(path.dirname(BIN), path.join(checkout, 'bin'), { recursive: true });
      const res = await runCli(['--version'], {}, 20000, path.join(checkout, 'bin', path.basename(BIN)));
      expect(res.code).to.equal(1);
      expect(res.stderr.trim()).to.equal('wpcal is not built: run `npm run build` in its folder (`npm install` runs it)');
    } finally {
      fs.rmSync(checkout, { recursive: true, force: true });
    }
  });

  it('exits 2 on unknown commands, unknown flags and bad values', async () => {
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain('frobnicate');
    const flag = await runCli(['migrate', '--nope']);
    expect(flag.code).to.equal(2);
    expect(flag.stderr).to.contain('--nope');
    const port = await runCli(['serve', '--port', 'eighty', '--db', 'sqlite::memory:']);
    expect(port.code).to.equal(2);
    expect(port.stderr.trim()).to.equal('wpcal: invalid port "eighty" (expected 0-65535)');
    const role = await runCli(['user', 'add', 'x', '--role', 'wizard', '--db', 'sqlite::memory:']);
    expect(role.code).to.equal(2);
    expect(role.stderr).to.contain('wizard');
    const scheme = await runCli(['migrate', '--db', 'postgres://x/y']);
    expect(scheme.code).to.equal(2);
    expect(scheme.stderr.trim()).to.equal('wpcal: unsupported database URL "postgres://x/y" (use sqlite:PATH or mysql://USER:PASSWORD@HOST:PORT/DATABASE)');
    const noFile = await runCli(['migrate', '--db', 'sqlite:']);
    expect(noFile.code).to.equal(2);
    expect(noFile.stderr.trim()).to.equal('wpcal: database URL "sqlite:" names no file');
    const prefix = await runCli(['serve', '--db', 'sqlite::memory:', '--table-prefix', 'a-b']);
    expect(prefix.code).to.equal(2);
    expect(prefix.stderr.trim()).to.equal('wpcal: invalid table prefix "a-b" (letters, digits and _ only)');
  });

  it('exits 1 with one clear line when the database is unreachable', async () => {
    const res = await runCli(['migrate', '--db', 'mysql://root@127.0.0.1:1/nothing']);
    expect(res.code).to.equal(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^wpcal: cannot reach database mysql:\/\/127\.0\.0\.1:1\/nothing/);
  });

  it('adds the stack trace of a failure with --verbose, after the same line', async () => {
    const args = ['user', 'add', 'someone', '--role', 'editor', '--db', 'mysql://root@127.0.0.1:1/nothing'];
    const [plain, verbose] = await Promise.all([runCli(args), runCli([...args, '--verbose'])]);
    expect([plain.code, verbose.code]).to.deep.equal([1, 1]);
    const [line, ...stack] = verbose.stderr.trim().split('\n');
    expect(line).to.equal(plain.stderr.trim());
    expect(line).to.match(/^wpcal: cannot reach database mysql:\/\/127\.0\.0\.1:1\/nothing/);
    expect(stack.some((frame) => /^\s+at /.test(frame)), stack.join('\n')).to.equal(true);
  });

  it('refuses to serve on a port that is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const res = await runCli(['serve', '--db', 'sqlite::memory:', '--port', String(port)]);
      expect(res.code).to.equal(1);
      expect(res.stderr.trim()).to.equal(`wpcal: port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('serves until SIGTERM and then exits 0', async () => {
    const server = await serveCli(['--db', 'sqlite::memory:', '--port', '0']);
    const res = await fetch(`${server.url}/wp-json/tribe/events/v1`);
    expect(res.status).to.equal(200);
    expect(await server.stop()).to.equal(0);
  });

  it('serves lists without libvips in its memory: sharp is loaded by the first image it reads', async () => {
    const server = await serveCli(['--db', 'sqlite::memory:', '--port', '0']);
    try {
      expect((await fetch(`${server.url}/wp-json/tribe/events/v1/events`)).status).to.equal(200);
      expect(fs.readFileSync(`/proc/${server.pid}/maps`, 'utf8')).to.not.include('libvips');
    } finally {
      await server.stop();
    }
  });
});

forEachDatabase('wpcal migrate and user', (kind) => {
  it('migrates, creates users and passwords, and refuses duplicates', async function () {
    this.timeout(120000);
    const database = await kind.create();
    try {
      const first = await runCli(['migrate', '--db', database.url]);
      expect(first.code, first.stderr).to.equal(0);
      expect(first.stdout).to.match(/11 tables/);
      const again = await runCli(['migrate', '--db', database.url]);
      expect(again.stdout).to.match(/0 tables, 0 indexes, 0 options added/);

      const added = await runCli(['user', 'add', 'carol', '--role', 'author', '--email', 'carol@example.test', '--db', database.url]);
      expect(added.code, added.stderr).to.equal(0);
      const password = added.stdout.trim().split('\n').pop()!;
      expect(password).to.match(/^[A-Za-z0-9]{24}$/);

      const duplicate = await runCli(['user', 'add', 'carol', '--role', 'author', '--db', database.url]);
      expect(duplicate.code).to.equal(1);
      expect(duplicate.stderr.trim()).to.equal('wpcal: a user named "carol" already exists');

      const second = await runCli(['user', 'password', 'carol', '--name', 'phone', '--db', database.url]);
      expect(second.code, second.stderr).to.equal(0);
      expect(second.stdout.trim().split('\n').pop()).to.match(/^[A-Za-z0-9]{24}$/);
      const sameName = await runCli(['user', 'password', 'carol', '--name', 'PHONE', '--db', database.url]);
      expect(sameName.code).to.equal(1);

      const missing = await runCli(['user', 'password', 'nobody', '--db', database.url]);
      expect(missing.code).to.equal(1);
      expect(missing.stderr.trim()).to.equal('wpcal: no user named "nobody"');
    } finally {
      await database.drop();
    }
  });

  it('makes and drops the change log on MySQL on request (a SQLite file always has one)', async function () {
    this.timeout(120000);
    const database = await kind.create();
    try {
      const made = await runCli(['migrate', '--change-log', '--db', database.url]);
      expect(made.code, made.stderr).to.equal(0);
      const again = await runCli(['migrate', '--change-log', '--db', database.url]);
      const dropped = await runCli(['migrate', '--no-change-log', '--db', database.url]);
      const lastLines = [made, again, dropped].map((run) => run.stdout.trim().split('\n').pop()!);
      if (kind.name === 'sqlite') {
        expect(lastLines).to.deep.equal(Array(3).fill('change log: a SQLite file always has one'));
      } else {
        const definer = / run as \S+@\S+ \(drop the log before that account\)$/;
        expect(lastLines[0]).to.match(/^change log: made with 33 triggers,/).and.match(definer);
        expect(lastLines[1]).to.match(/^change log: already there,/).and.match(definer);
        expect(lastLines[2]).to.equal('change log: dropped with its triggers');
      }
      const plain = await runCli(['migrate', '--db', database.url]);
      expect(plain.stdout, 'nothing said of it unless asked').to.not.contain('change log');
    } finally {
      await database.drop();
    }
  });
});
