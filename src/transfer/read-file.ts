// The files an import reads: a chunk at a time (whole or a part), as UTF-8 text, and what keeps
// one from being read, in words.
import fs from 'node:fs';
import { reasonOf } from './tally.ts';

/** A file that cannot be imported at all: nothing of it is written. */
export class ImportFileError extends Error {}

/** What the common reasons a file cannot be read mean, in words. */
const READ_FAILURES: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
};

function readFailure(file: string, error: unknown): ImportFileError {
  const code = (error as NodeJS.ErrnoException).code;
  return new ImportFileError(`${file}: cannot read the file (${(code && READ_FAILURES[code]) ?? code ?? reasonOf(error)})`);
}

export const notUtf8 = (file: string): ImportFileError => new ImportFileError(`${file}: not UTF-8 text (save the file as UTF-8 and import it again)`);

/** Bytes `start` (included) to `end` (excluded) of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file's bytes, read a chunk at a time: the whole file, or a range of it. */
export type ByteSource = (range?: ByteRange) => AsyncIterable<Buffer>;

/** Bytes read at a time: a chunk and what the readers make of it are all they hold of a file. */
export const CHUNK_BYTES = 256 * 1024;

export function fileBytes(file: string, chunkBytes = CHUNK_BYTES): ByteSource {
  return async function* read(range) {
    if (range && range.end <= range.start) return;
    const stream = fs.createReadStream(file, { highWaterMark: chunkBytes, ...range && { start: range.start, end: range.end - 1 } });
    try {
      for await (const chunk of stream) yield chunk as Buffer;
    } catch (error) {
      throw readFailure(file, error);
    } finally {
      stream.destroy();
    }
  };
}

/** The text of the chunks, decoded as they come; throws when they are not UTF-8. A leading BOM is dropped. */
export async function* utf8Chunks(chunks: AsyncIterable<Buffer>, file: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const decode = (chunk?: Buffer): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw notUtf8(file);
    }
  };
  for await (const chunk of chunks) yield decode(chunk);
  yield decode();
}

/** The whole file as text (for the formats read at once). */
export async function readText(file: string): Promise<string> {
  let text = '';
  for await (const part of utf8Chunks(fileBytes(file)(), file)) text += part;
  return text;
}

const START_BYTES = 4096;

/** The first characters of a file's first chunk (fewer when it is shorter), read loosely: what its format is told by. */
export const startText = (chunk: Buffer | undefined): string => (chunk ? new TextDecoder().decode(chunk.subarray(0, START_BYTES)) : '');

/** The first characters of the file: see startText(). */
export async function startOf(file: string): Promise<string> {
  for await (const chunk of fileBytes(file, START_BYTES)()) return startText(chunk);
  return '';
}
