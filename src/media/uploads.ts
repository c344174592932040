// The uploads folder as WordPress fills it: YYYY/MM/ folders (the site's local month), file names
// made unique there as wp_unique_filename makes them, the original kept byte for byte beside its
// scaled or upright copy (NAME-scaled.EXT, NAME-rotated.EXT) and its sub-sizes (NAME-WxH.EXT), and
// `_wp_attachment_metadata` describing them as wp_create_image_subsizes does.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import type { PhpValue } from '../php/serialize.ts';
import type { SiteSettings } from '../site/settings.ts';
import { dbDatetime } from '../time/parse.ts';
import type { MediaConfig } from '../config.ts';
import { ImageRefused, type MediaLibrary, type PreparedImage } from '../domain/media.ts';
import { decodeImage, renderImage, subSizesOf, type DecodedImage, type Rendering } from './image-files.ts';
import { planFullSize } from './full-size.ts';
import { readImageMeta } from './image-meta.ts';
import { RefusedDownload, safeDownload, type DownloadLimits } from './safe-request.ts';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** wp_generate_password(6, false): the suffix wp_tempnam gives a download's temporary file, which TEC keeps. */
function randomSuffix(): string {
  return Array.from({ length: 6 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/** sanitize_file_name, for what reaches here: no path, no special characters, spaces as dashes. */
export function sanitizeFileName(name: string): string {
  return name
    .replace(/[?[\]/\\=<>:;,'"&$#*()|~`!{}%+’«»”“\u0000]/g, '')
    .replace(/%20|\+/g, '-')
    .replace(/[\r\n\t -]+/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '');
}

function splitName(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { stem: name.slice(0, dot), extension: name.slice(dot + 1) } : { stem: name, extension: '' };
}

/** The image's own name with the extension its bytes call for (wp_check_filetype_and_ext corrects a wrong one). */
function fileNameFor(name: string, image: DecodedImage): { stem: string; extension: string } {
  const { stem, extension } = splitName(sanitizeFileName(name));
  const lower = extension.toLowerCase();
  return { stem: stem || 'image', extension: image.type.extensions.includes(lower) ? lower : image.type.extension };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class UploadsLibrary implements MediaLibrary {
  constructor(readonly root: string, readonly limits: DownloadLimits) {}

  async fromUrl(url: string, site: SiteSettings, now: Date): Promise<PreparedImage> {
    let downloaded;
    try {
      downloaded = await safeDownload(url, site.home, this.limits);
    } catch (error) {
      if (error instanceof RefusedDownload) throw new ImageRefused(error.message);
      throw error;
    }
    let base = path.posix.basename(new URL(downloaded.url).pathname);
    try {
      base = decodeURIComponent(base);
    } catch {
      // kept as sent
    }
    const { stem } = splitName(base);
    const image = await this.make(`${stem || 'image'}-${randomSuffix()}${path.posix.extname(base)}`, downloaded.bytes, site, now);
    return { ...image, sourceUrl: url };
  }

  fromBytes(fileName: string, bytes: Uint8Array, site: SiteSettings, now: Date): Promise<PreparedImage> {
    return this.make(fileName, bytes, site, now);
  }

  /** A path under the root, or null for one that would leave it. */
  private inside(relative: string): string | null {
    const full = path.resolve(this.root, relative);
    return full.startsWith(path.resolve(this.root) + path.sep) ? full : null;
  }

  async remove(attachedFile: string, metadata: PhpValue): Promise<void> {
    const files = [attachedFile];
    const dir = path.posix.dirname(attachedFile);
    const record = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {};
    const sameFolder = (file: PhpValue | undefined): void => {
      if (typeof file === 'string' && file !== '' && !file.includes('/')) files.push(path.posix.join(dir, file));
    };
    sameFolder(record.original_image);
    const sizes = record.sizes;
    if (sizes && typeof sizes === 'object' && !Array.isArray(sizes)) {
      for (const size of Object.values(sizes)) {
        if (size && typeof size === 'object' && !Array.isArray(size)) sameFolder(size.file);
      }
    }
    await Promise.all([...new Set(files)].map(async (file) => {
      const full = this.inside(file);
      if (full) await fs.rm(full, { force: true });
    }));
  }

  /**
   * wp_unique_filename: NAME.EXT, else NAME-1.EXT, NAME-2.EXT… until neither the file nor a
   * sub-size or copy of that name (NAME-WxH.EXT, NAME-scaled.EXT, NAME-rotated.EXT) is there.
   * The original is created exclusively, so two writers never take one name.
   */
  private async reserve(dir: string, stem: string, extension: string, bytes: Uint8Array): Promise<string> {
    await fs.mkdir(dir, { recursive: true });
    for (let n = 0; ; n++) {
      const name = n === 0 ? stem : `${stem}-${n}`;
      const derived = new RegExp(`^${escapeRegExp(name)}-(?:\\d+x\\d+|scaled|rotated)\\.${escapeRegExp(extension)}$`, 'i');
      if ((await fs.readdir(dir)).some((entry) => derived.test(entry))) continue;
      const file = `${name}.${extension}`;
      try {
        await fs.writeFile(path.join(dir, file), bytes, { flag: 'wx' });
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  private async make(name: string, bytes: Uint8Array, site: SiteSettings, now: Date): Promise<PreparedImage> {
    const image = await decodeImage(bytes);
    if (!image) throw new ImageRefused('not a JPEG, PNG, GIF or WebP image');
    const imageMeta = readImageMeta(image.blocks);
    const plan = planFullSize(image, Number(imageMeta.orientation));
    const { stem, extension } = fileNameFor(name, image);
    const month = dbDatetime(now, site.timezone).slice(0, 7).replace('-', '/');
    const dir = path.join(this.root, month);
    const file = await this.reserve(dir, stem, extension, bytes);
    const fileStem = splitName(file).stem;
    const written = [file];
    const write = async (made: string, rendering: Rendering): Promise<number> => {
      const encoded = await renderImage(bytes, image, rendering);
      await fs.writeFile(path.join(dir, made), encoded);
      written.push(made);
      return encoded.length;
    };
    try {
      let full = { file, width: image.width, height: image.height, filesize: bytes.length };
      if (plan.copy) {
        const copy = `${fileStem}-${plan.copy.suffix}.${extension}`;
        const { width, height } = plan.copy;
        full = { file: copy, width, height, filesize: await write(copy, { upright: plan.upright, width, height }) };
      }
      const sizes: Record<string, PhpValue> = {};
      for (const size of subSizesOf(plan.width, plan.height)) {
        const sizeFile = `${fileStem}-${size.width}x${size.height}.${extension}`;
        const filesize = await write(sizeFile, { upright: plan.upright, ...size });
        sizes[size.name] = { file: sizeFile, width: size.width, height: size.height, 'mime-type': image.type.mimeType, filesize };
      }
      const attachedFile = `${month}/${full.file}`;
      const metadata = {
        width: full.width,
        height: full.height,
        file: attachedFile,
        filesize: full.filesize,
        sizes,
        // Once the copy is upright, WordPress records the orientation as the number 1.
        image_meta: plan.copy && plan.upright ? { ...imageMeta, orientation: 1 } : imageMeta,
        ...(plan.copy ? { original_image: file } : {}),
      };
      return { sourceUrl: null, attachedFile, uploadedFile: `${month}/${file}`, mimeType: image.type.mimeType, title: fileStem, metadata };
    } catch (error) {
      await Promise.all(written.map((made) => fs.rm(path.join(dir, made), { force: true })));
      throw error;
    }
  }
}

/** The library of `--uploads` and the download limits of the configuration. */
export function uploadsLibrary(config: MediaConfig): UploadsLibrary {
  return new UploadsLibrary(path.resolve(config.uploads), { maxBytes: config.imageMaxBytes, timeoutMs: config.imageTimeoutMs, ports: config.imagePorts });
}
