// The featured images of an import, resolved unit by unit before the unit's transaction: an image
// URL is downloaded (once) while no lock is held, so the transaction only inserts the attachment
// rows, or links the attachment an earlier record or import made from the same URL. A record whose
// image cannot be used fails before its unit and writes nothing; the files of images that no
// committed unit used are removed after each unit.
import type { Reader } from '../data/executor.ts';
import { resolveImageInput } from '../domain/images.ts';
import { ImageStaging, type MediaLibrary } from '../domain/media.ts';
import type { WriteContext } from '../domain/write-context.ts';
import type { Units } from './staged.ts';

/** Images downloaded at once while a unit is prepared. */
const PARALLEL_DOWNLOADS = 4;

const isHttpUrl = (value: string): boolean => /^\s*https?:\/\//i.test(value);

export interface WithImage {
  image?: string;
}

export class ImportImages {
  private readonly staging: ImageStaging;
  /** The context the units write with: images come from this import's staging. */
  readonly context: WriteContext;

  /** `library` null: nothing is downloaded (`--no-images`); attachment IDs and URLs of existing attachments still link. */
  constructor(units: Units, private readonly library: MediaLibrary | null, req: WriteContext, private readonly db: Reader) {
    this.staging = new ImageStaging(library, req.site, req.now);
    this.context = { ...req, images: this.staging };
    units.track({ commit: () => this.staging.committed(), discard: () => this.staging.discard() });
  }

  /** Why the image cannot be used, or null: `record.image` then names an attachment, or a URL whose file is ready. */
  private async resolve(record: WithImage): Promise<string | null> {
    const value = record.image!;
    const input = await resolveImageInput(this.db, value, this.context);
    if (input.kind === 'attachment') record.image = String(input.id);
    if (input.kind !== 'invalid') return null;
    const url = value.trim();
    const refusal = this.staging.refusal(url);
    if (refusal !== undefined) return `image "${url}": ${refusal}`;
    if (this.library === null && isHttpUrl(url)) {
      // Not downloaded: the post keeps the image it has.
      delete record.image;
      return null;
    }
    return `image "${value}" is neither an image attachment ID nor an image URL`;
  }

  /**
   * Resolves the images of the records of the next unit, downloading the new ones; returns the
   * records whose image cannot be used, with the reason.
   */
  async prepare<T extends WithImage>(records: readonly T[]): Promise<Map<T, string>> {
    const failed = new Map<T, string>();
    const pending = records.filter((record) => record.image !== undefined && record.image !== '');
    const next = async (): Promise<void> => {
      for (let record = pending.shift(); record; record = pending.shift()) {
        const reason = await this.resolve(record);
        if (reason !== null) failed.set(record, reason);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, next));
    return failed;
  }

  /** Runs a unit; then the files of the images it did not end up using (it failed, or reused another) are removed. */
  async settled<R>(unit: () => Promise<R>): Promise<R> {
    try {
      return await unit();
    } finally {
      await this.staging.settle();
    }
  }
}
