// The import progress bar: drawn on a terminal, silent on anything else (a pipe, a file).
import { expect } from 'chai';
import { PassThrough } from 'node:stream';
import { progressBar } from '../../src/cli/progress.ts';

/** A stream standing in for stderr, recording what is written to it. */
function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: () => string } {
  const chunks: string[] = [];
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 80 });
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  // progressBar only needs what cli-progress uses of a terminal stream: write, isTTY and columns.
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => chunks.join('') };
}

const withoutEscapes = (text: string): string => text.replace(/\u001b(\[[0-9;?]*[A-Za-z]|[78])/g, '');

describe('progressBar', () => {
  it('draws the label, the bar and done/total on a terminal, and ends the line on stop', () => {
    const { stream, written } = fakeStream(true);
    const progress = progressBar('importing', stream);
    progress.update(3, 10);
    progress.stop();
    const text = written();
    expect(withoutEscapes(text)).to.equal(`importing ${'█'.repeat(12)}${'░'.repeat(28)} 3/10\n`);
    // The cursor hidden while drawing is shown again.
    expect(text.indexOf('\u001b[?25h')).to.be.greaterThan(text.indexOf('\u001b[?25l'));
  });

  it('draws nothing before there is a total', () => {
    const { stream, written } = fakeStream(true);
    const progress = progressBar('importing', stream);
    progress.update(0, 0);
    progress.stop();
    expect(written()).to.equal('');
  });

  it('writes nothing when the stream is not a terminal', () => {
    const { stream, written } = fakeStream(false);
    const progress = progressBar('importing', stream);
    progress.update(3, 10);
    progress.update(10, 10);
    progress.stop();
    expect(written()).to.equal('');
  });
});
