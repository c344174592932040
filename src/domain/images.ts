// Featured images: the `image` object of events.md §4.3 / venues-organizers.md §5.3, read for a
// whole page of posts at once, the `image` write argument (an attachment ID or URL) and the
// attachments made of downloaded or uploaded images (sample 71).
import { userCan } from '../auth/capabilities.ts';
import { maybeUnserialize, phpSerialize, type PhpValue } from '../php/serialize.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { Reader, Writer } from '../data/executor.ts';
import { addMeta, firstMeta, getPosts, insertPost, metaRead, postsNamedByMetaOfRead, postsRead, uniquePostSlug, updatePost, type PostMeta } from '../data/posts.ts';
import { combinedRead, readTogether, type Read } from '../data/together.ts';
import type { PostRow } from '../data/tables.ts';
import { isNumeric, phpTrim } from '../text/php.ts';
import { sanitizeTextField, sanitizeTitle } from '../text/sanitize.ts';
import { dbDatetime } from '../time/parse.ts';
import type { PreparedImage } from './media.ts';
import type { WriteContext } from './write-context.ts';
import { withKses } from './post-writes.ts';
import { deleteAttachmentRows, imageAttachmentIdByGuid, imageAttachmentIdByMeta } from '../data/attachments.ts';

export type ImageObject = Record<string, unknown>;

type PhpRecord = { [key: string]: PhpValue };

function isRecord(value: PhpValue | undefined): value is PhpRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** PHP empty(): what TEC's array_filter drops. */
export function isPhpEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '' || value === '0') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function withoutEmpty(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => !isPhpEmpty(value)));
}

export function uploadsBase(site: SiteSettings): string {
  return `${site.siteurl}/wp-content/uploads/`;
}

function extensionOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
}

/** Each size without its `file`, with its `url` appended. */
function sizesWithUrls(sizes: PhpValue, dirUrl: string): PhpValue | Record<string, unknown> {
  if (!isRecord(sizes)) return sizes;
  const out: Record<string, unknown> = {};
  for (const [name, size] of Object.entries(sizes)) {
    if (!isRecord(size)) {
      out[name] = size;
      continue;
    }
    const { file, ...rest } = size;
    out[name] = { ...rest, url: `${dirUrl}${typeof file === 'string' ? file : ''}` };
  }
  return out;
}

/** Where an attachment's file is served: under the uploads folder, else (no `_wp_attached_file`) its guid. */
export function attachmentUrl(site: SiteSettings, guid: string, attachedFile: string | undefined): string {
  return attachedFile ? `${uploadsBase(site)}${attachedFile}` : guid;
}

/** A featured image as stored: the attachment's row and the meta that describes its file. */
export interface ImageAttachment {
  post: PostRow;
  /** `_wp_attached_file` */
  attachedFile: string | undefined;
  /** `_wp_attachment_metadata`, serialized */
  metadata: string | undefined;
}

const THUMBNAIL_KEY = '_thumbnail_id';
const ATTACHMENT_META_KEYS = ['_wp_attached_file', '_wp_attachment_metadata'];

/** A post's `_thumbnail_id` as an attachment ID (0 when absent or not numeric). */
export function thumbnailOf(meta: PostMeta | undefined): number {
  const value = firstMeta(meta, THUMBNAIL_KEY)?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : 0;
}

/** The attachments among these posts, by ID, each with the meta its image is built from. */
function attachmentsOf(posts: readonly PostRow[], meta: ReadonlyMap<number, PostMeta>): Map<number, ImageAttachment> {
  const images = new Map<number, ImageAttachment>();
  for (const post of posts) {
    if (post.post_type !== 'attachment') continue;
    const postMeta = meta.get(Number(post.ID));
    images.set(Number(post.ID), { post, attachedFile: firstMeta(postMeta, '_wp_attached_file'), metadata: firstMeta(postMeta, '_wp_attachment_metadata') });
  }
  return images;
}

/** Attachments read before the meta that names them as featured images, by ID (featuredImagesAheadRead). */
export type ImagesAhead = ReadonlyMap<number, ImageAttachment>;

/**
 * The attachments these posts' featured-image meta may name, read in the packet that reads the
 * posts' meta (MySQL), so that loadFeaturedImages then costs no round trip; none where reads
 * travel alone (SQLite), or for no posts.
 */
export function featuredImagesAheadRead(db: Reader, postIds: readonly number[]): Read<ImagesAhead> {
  return combinedRead([postsNamedByMetaOfRead(db, postIds, THUMBNAIL_KEY, ATTACHMENT_META_KEYS)] as const,
    ([named]) => (named ? attachmentsOf(named.posts, named.meta) : new Map()));
}

/**
 * The featured images of posts with this meta, by attachment ID, in two queries side by side (the
 * rows, the meta); IDs that are not attachments are left out. Those found in `ahead` (read for
 * these posts beforehand) are not read again.
 */
export async function loadFeaturedImages(db: Reader, metas: Iterable<PostMeta | undefined>, ahead: ImagesAhead = new Map()): Promise<Map<number, ImageAttachment>> {
  const ids = [...new Set([...metas].map(thumbnailOf).filter((id) => Number.isSafeInteger(id) && id > 0))];
  const images = new Map<number, ImageAttachment>();
  const unread = ids.filter((id) => {
    const found = ahead.get(id);
    if (found) images.set(id, found);
    return !found;
  });
  if (!unread.length) return images;
  const [posts, meta] = await readTogether(db, postsRead(db, unread), metaRead(db, unread, ATTACHMENT_META_KEYS));
  for (const [id, image] of attachmentsOf(posts, meta)) images.set(id, image);
  return images;
}

/** The featured image of a post with this meta, among those loaded. */
export function featuredImage(images: ReadonlyMap<number, ImageAttachment>, meta: PostMeta | undefined): ImageAttachment | undefined {
  return images.get(thumbnailOf(meta));
}

/** The `image` object of an attachment. */
function imageObject(site: SiteSettings, { post, attachedFile, metadata: rawMetadata }: ImageAttachment): ImageObject {
  const url = attachmentUrl(site, post.guid, attachedFile);
  const image: Record<string, unknown> = { url, id: Number(post.ID), extension: extensionOf(attachedFile ?? url) };
  const metadata = rawMetadata === undefined ? null : maybeUnserialize(rawMetadata);
  if (isRecord(metadata) && 'image_meta' in metadata && 'file' in metadata && 'sizes' in metadata) {
    const dirUrl = url.slice(0, url.lastIndexOf('/') + 1);
    for (const [key, value] of Object.entries(metadata)) {
      if (key === 'image_meta' || key === 'file') continue;
      image[key] = key === 'sizes' ? sizesWithUrls(value, dirUrl) : value;
    }
  }
  return withoutEmpty(image);
}

/** The `image` object of a post's featured image, if it has one. */
export type ImageObjectOf = (image: ImageAttachment | undefined) => ImageObject | undefined;

/** The `image` objects of attachments, each built once however many posts show it. */
export function imageObjects(site: SiteSettings): ImageObjectOf {
  const built = new Map<number, ImageObject>();
  return (image) => {
    if (!image) return undefined;
    const id = Number(image.post.ID);
    let object = built.get(id);
    if (!object) built.set(id, object = imageObject(site, image));
    return object;
  };
}

async function imageAttachmentById(db: Reader, id: number): Promise<number | null> {
  const [post] = await getPosts(db, [id]);
  return post && post.post_type === 'attachment' && post.post_mime_type.startsWith('image/') ? id : null;
}

/**
 * An image attachment whose guid is the URL, else one imported from it (TEC's importer notes the
 * original URL), else one whose file it is under the site's uploads (the URL answers and exports
 * show, which for a `-scaled` or `-rotated` copy is not the guid).
 */
async function imageAttachmentByUrl(db: Reader, url: string, site: SiteSettings): Promise<number | null> {
  const byOrigin = await imageAttachmentIdByGuid(db, url) ?? await imageAttachmentIdByMeta(db, '_tribe_importer_original_url', url);
  const base = uploadsBase(site);
  return byOrigin ?? (url.startsWith(base) ? imageAttachmentIdByMeta(db, '_wp_attached_file', url.slice(base.length)) : null);
}

export type ImageInput =
  | { kind: 'none' }
  | { kind: 'attachment'; id: number }
  | { kind: 'download'; image: PreparedImage }
  | { kind: 'invalid' };

/**
 * The `image` argument: PHP-empty → none; a numeric ID of an image attachment; for callers with
 * `upload_files`, a URL: the image attachment whose guid, imported original URL or file it is, else the
 * image downloaded from it (by the request's staging, once) — invalid when refused or not an image.
 */
export async function resolveImageInput(db: Reader, value: unknown, ctx: WriteContext): Promise<ImageInput> {
  if (isPhpEmpty(value)) return { kind: 'none' };
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return { kind: 'invalid' };
  if (/^\s*\d+\s*$/.test(text)) {
    const id = await imageAttachmentById(db, Number(text));
    return id === null ? { kind: 'invalid' } : { kind: 'attachment', id };
  }
  const url = text.trim();
  if (!userCan(ctx.user, 'upload_files') || !/^https?:\/\//i.test(url)) return { kind: 'invalid' };
  const id = await imageAttachmentByUrl(db, url, ctx.site);
  if (id !== null) return { kind: 'attachment', id };
  const image = await ctx.images?.fromUrl(url);
  return image ? { kind: 'download', image } : { kind: 'invalid' };
}

/**
 * The attachment ID an `image` argument stands for, inside the write's transaction (0: none). A
 * downloaded image gets its attachment here, unless one from the same URL was committed meanwhile.
 */
export async function imageAttachmentFor(trx: Writer, ctx: WriteContext, value: unknown): Promise<number> {
  const input = await resolveImageInput(trx, value, ctx);
  if (input.kind === 'attachment') return input.id;
  if (input.kind !== 'download') return 0;
  return insertImageAttachment(trx, ctx, input.image);
}

/** What an upload may set besides the file (wp/v2/media's `title`, `caption`, `description`, `alt_text`). */
export interface AttachmentFields {
  title?: string;
  caption?: string;
  description?: string;
  alt?: string;
  /** The title when neither the caller nor the image gives one; the stored file's name when absent. */
  fallbackTitle?: string;
}

/** The title and caption the image gives of itself (its image_meta), where WordPress takes them. */
function embeddedTexts(image: PreparedImage): { title?: string; caption?: string } {
  const meta = image.metadata.image_meta;
  if (!isRecord(meta)) return {};
  const { title, caption } = meta;
  return {
    title: typeof title === 'string' && phpTrim(title) !== '' && !isNumeric(sanitizeTitle(title)) ? title : undefined,
    caption: typeof caption === 'string' && phpTrim(caption) !== '' ? caption : undefined,
  };
}

/**
 * The attachment's title, caption and description: what the caller sent (when not PHP-empty),
 * else what the image says of itself, else the fallback title or the stored file's name. A
 * downloaded image's own caption becomes its description (media_handle_sideload); an upload's,
 * its caption (the REST upload).
 */
function attachmentTexts(image: PreparedImage, fields: AttachmentFields): { title: string; excerpt: string; content: string } {
  const embedded = embeddedTexts(image);
  const sent = (value: string | undefined): string | undefined => (isPhpEmpty(value) ? undefined : value);
  const title = sent(fields.title) ?? embedded.title ?? fields.fallbackTitle ?? image.title;
  if (image.sourceUrl !== null) return { title, excerpt: '', content: embedded.caption ?? '' };
  return { title, excerpt: sent(fields.caption) ?? embedded.caption ?? fields.caption ?? '', content: fields.description ?? '' };
}

/** wp_insert_attachment + wp_update_attachment_metadata for an image whose files are written. */
export async function insertImageAttachment(trx: Writer, ctx: WriteContext, image: PreparedImage, fields: AttachmentFields = {}): Promise<number> {
  const { title, excerpt, content } = withKses(ctx.user, attachmentTexts(image, fields));
  const local = dbDatetime(ctx.now, ctx.site.timezone);
  const gmt = dbDatetime(ctx.now, 'UTC');
  const id = await insertPost(trx, {
    post_type: 'attachment',
    post_author: ctx.user?.id ?? 0,
    post_title: title,
    post_excerpt: excerpt,
    post_content: content,
    post_status: 'inherit',
    post_date: local,
    post_date_gmt: gmt,
    post_modified: local,
    post_modified_gmt: gmt,
    comment_status: ctx.site.defaultCommentStatus,
    ping_status: 'closed',
    guid: `${uploadsBase(ctx.site)}${image.uploadedFile}`,
    post_mime_type: image.mimeType,
  });
  // Attachment slugs are unique among every post type's (wp_unique_post_slug).
  await updatePost(trx, id, { post_name: await uniquePostSlug(trx, sanitizeTitle(title, String(id)), 'attachment', id) });
  await addMeta(trx, id, '_wp_attached_file', image.attachedFile);
  await addMeta(trx, id, '_wp_attachment_metadata', phpSerialize(image.metadata));
  if (image.sourceUrl !== null) await addMeta(trx, id, '_tribe_importer_original_url', image.sourceUrl);
  if (fields.alt !== undefined) await addMeta(trx, id, '_wp_attachment_image_alt', sanitizeTextField(fields.alt));
  ctx.images?.used(image);
  return id;
}

/** wp_delete_attachment's rows; the files are the caller's to remove once this commits. */
export async function deleteAttachment(trx: Writer, id: number): Promise<void> {
  await deleteAttachmentRows(trx, id);
}
