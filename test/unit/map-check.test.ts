// The `--map` check reads each CSV file once: a named pipe, which can be read only once, is checked
// like a file (a second read would wait for a writer that never comes).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { CsvMapError, parseColumnMap } from '../../src/transfer/csv/column-map.ts';
import { checkColumnMap } from '../../src/transfer/csv/map-check.ts';

describe('transfer/csv --map check', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpcal-map-check-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A named pipe `name` that gives `text` to its first reader only. */
  function pipeOnce(name: string, text: string): { file: string; written: Promise<void> } {
    const file = path.join(dir, name);
    execFileSync('mkfifo', [file]);
    return { file, written: fs.promises.writeFile(file, text).catch(() => undefined) };
  }

  it('finds the mapped header in a file it reads once', async function () {
    this.timeout(5000);
    const { file, written } = pipeOnce('shows.csv', 'SHOW,WHEN\nJazz,2026-12-01 20:00\n');
    await checkColumnMap([file], parseColumnMap(['Show=event_name,When=event_start_date']));
    await written;
  });

  it('names a mapped header no file has', async function () {
    this.timeout(5000);
    const { file, written } = pipeOnce('shows.csv', 'SHOW,WHEN\nJazz,2026-12-01 20:00\n');
    const failure = await checkColumnMap([file], parseColumnMap(['Title=event_name'])).then(() => null, (error: unknown) => error);
    await written;
    expect(failure).to.be.instanceOf(CsvMapError);
    expect((failure as Error).message).to.equal('--map: no CSV file has a column "Title"');
  });
});
