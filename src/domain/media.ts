// What the domain needs of the media library (the files under the uploads folder and the downloads
// that fill it), and the images one request or import prepares. The library itself is an adapter
// (src/media/), given to the API and the commands through their services.
import type { PhpValue } from '../php/serialize.ts';
import type { SiteSettings } from '../site/settings.ts';

/** An image whose files are written, waiting for its attachment rows. */
export interface PreparedImage {
  /** The URL it was downloaded from (`_tribe_importer_original_url`), null for an upload. */
  sourceUrl: string | null;
  /** `_wp_attached_file`: YYYY/MM/name.ext under the uploads folder (the scaled or upright copy, when one stands for the original). */
  attachedFile: string;
  /** The file as uploaded or downloaded, YYYY/MM/name.ext: its URL is the attachment's guid. */
  uploadedFile: string;
  mimeType: string;
  /** The default post title: the stored file's name without its extension. */
  title: string;
  /** `_wp_attachment_metadata`, as WordPress stores it. */
  metadata: { [key: string]: PhpValue };
}

/** Why an image was not made: refused URL, failed download, or bytes that are not an image. */
export class ImageRefused extends Error {}

export interface MediaLibrary {
  /** Downloads `url` by the safe-request rules and writes the image and its sub-sizes; throws ImageRefused. */
  fromUrl(url: string, site: SiteSettings, now: Date): Promise<PreparedImage>;
  /** Writes an uploaded file (named `fileName`) and its sub-sizes; throws ImageRefused. */
  fromBytes(fileName: string, bytes: Uint8Array, site: SiteSettings, now: Date): Promise<PreparedImage>;
  /** Removes the files of an attachment (the original and every size in its metadata). */
  remove(attachedFile: string, metadata: PhpValue): Promise<void>;
}

/**
 * The images one request (or one imported record) prepares before its transaction: each URL
 * downloaded once, and the files of those no committed attachment ended up using removed at the
 * end, so a refused or failed write leaves no file behind.
 */
export class ImageStaging {
  private readonly byUrl = new Map<string, Promise<PreparedImage | null>>();
  private readonly prepared = new Set<PreparedImage>();
  private readonly pending = new Set<PreparedImage>();
  private readonly kept = new Set<PreparedImage>();
  private readonly refusals = new Map<string, string>();

  constructor(readonly library: MediaLibrary | null, private readonly site: SiteSettings, private readonly now: Date) {}

  /** The image downloaded from `url` (once per staging), or null when refused. */
  fromUrl(url: string): Promise<PreparedImage | null> {
    let found = this.byUrl.get(url);
    if (!found) {
      found = this.library ? this.track(this.library.fromUrl(url, this.site, this.now), url) : Promise.resolve(null);
      this.byUrl.set(url, found);
    }
    return found;
  }

  /** An uploaded file's image, or null when its bytes are not an image. */
  fromBytes(fileName: string, bytes: Uint8Array): Promise<PreparedImage | null> {
    return this.library ? this.track(this.library.fromBytes(fileName, bytes, this.site, this.now)) : Promise.resolve(null);
  }

  private async track(making: Promise<PreparedImage>, url?: string): Promise<PreparedImage | null> {
    try {
      const image = await making;
      this.prepared.add(image);
      return image;
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      if (url !== undefined) this.refusals.set(url, error.message);
      return null;
    }
  }

  /** Why the image of `url` was refused, once fromUrl has settled; undefined when it was not. */
  refusal(url: string): string | undefined {
    return this.refusals.get(url);
  }

  /** An attachment row now points at the image (kept once its transaction commits). */
  used(image: PreparedImage): void {
    this.pending.add(image);
  }

  /** The transaction that used the pending images committed. */
  committed(): void {
    for (const image of this.pending) this.kept.add(image);
    this.pending.clear();
  }

  /** The transaction that used the pending images failed (and may run again). */
  discard(): void {
    this.pending.clear();
  }

  /** Removes the files of every prepared image no committed row uses. */
  async settle(): Promise<void> {
    const unused = [...this.prepared].filter((image) => !this.kept.has(image));
    this.prepared.clear();
    this.byUrl.clear();
    this.refusals.clear();
    this.pending.clear();
    await Promise.all(unused.map((image) => this.library?.remove(image.attachedFile, image.metadata)));
  }
}
