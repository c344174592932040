// `wpcal media add FILE…`: each image file becomes an attachment as an upload through
// wp/v2/media makes it; its ID is printed, one a line.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaConfig } from '../config.ts';
import type { Db } from '../data/connect.ts';
import { insertImageAttachment } from '../domain/images.ts';
import { ImageStaging } from '../domain/media.ts';
import { uploadsLibrary } from '../media/uploads.ts';
import { transferContext } from '../transfer/context.ts';

export interface MediaAddOptions {
  media: MediaConfig;
  siteUrl?: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Adds the files; the exit code: 1 when any was not added. */
export async function addMediaFiles(db: Db, files: readonly string[], options: MediaAddOptions): Promise<number> {
  const { writer, site, now } = await transferContext(db, { siteUrl: options.siteUrl });
  const images = new ImageStaging(uploadsLibrary(options.media), site, now);
  const context = { ...writer, images };
  let failed = 0;
  try {
    for (const file of files) {
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(file);
      } catch (error) {
        options.err(`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
        failed++;
        continue;
      }
      const image = await images.fromBytes(path.basename(file), bytes);
      if (!image) {
        options.err(`${file}: not a JPEG, PNG, GIF or WebP image`);
        failed++;
        continue;
      }
      // Titled as `wp media import` titles a file: by its own name, unless its metadata names it.
      const id = await db.write((trx) => insertImageAttachment(trx, context, image, { fallbackTitle: path.parse(file).name }));
      images.committed();
      options.out(String(id));
    }
  } finally {
    await images.settle();
  }
  return failed > 0 ? 1 : 0;
}
