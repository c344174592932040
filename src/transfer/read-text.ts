// A file an import reads, as UTF-8 text; what keeps it from being read, in words.
import fs from 'node:fs/promises';
import { ImportFileError } from './formats.ts';
import { reasonOf } from './tally.ts';

/** What the common reasons a file cannot be read mean, in words. */
const READ_FAILURES: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
};

export async function readText(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportFileError(`${file}: cannot read the file (${(code && READ_FAILURES[code]) ?? code ?? reasonOf(error)})`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileError(`${file}: not UTF-8 text (save the file as UTF-8 and import it again)`);
  }
}
