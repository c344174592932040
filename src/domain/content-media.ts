// What rendering the descriptions and excerpts of a batch of posts reads from the database, in at
// most three queries whatever their number: the oEmbed cache entries of the URLs they embed, then
// the attachments their galleries show and the meta of those and of the media-library images they
// show (`wp-image-{id}`), cached HTML included.
import type { Reader } from '../data/executor.ts';
import { firstMeta, metaRead, postsRead } from '../data/posts.ts';
import { readTogether } from '../data/together.ts';
import { oembedCacheContents } from '../data/oembed-cache.ts';
import type { PostRow } from '../data/tables.ts';
import { maybeUnserialize } from '../php/serialize.ts';
import type { SiteSettings } from '../site/settings.ts';
import { embedCacheKeys } from '../text/autoembed.ts';
import { galleryAttachmentIds } from '../text/content-shortcodes.ts';
import { attachmentIdsIn } from '../text/content-tags.ts';
import type { GalleryAttachment } from '../text/gallery-shortcode.ts';
import type { ContentMedia } from '../text/render.ts';
import { ATTACHMENT_META_KEYS, toAttachment } from './attachments.ts';
import { uploadsBase } from './images.ts';

const METADATA = '_wp_attachment_metadata';

export async function loadContentMedia(db: Reader, site: SiteSettings, posts: readonly Pick<PostRow, 'post_content' | 'post_excerpt'>[]): Promise<ContentMedia> {
  const texts = posts.flatMap((post) => [post.post_content, post.post_excerpt]);
  const keys = [...new Set(texts.flatMap(embedCacheKeys))];
  const embeds = keys.length ? await oembedCacheContents(db, keys) : new Map<string, string>();
  const galleryIds = [...new Set(texts.flatMap(galleryAttachmentIds))];
  const imageIds = [...texts, ...embeds.values()].flatMap(attachmentIdsIn);
  const metaIds = [...new Set([...galleryIds, ...imageIds])];
  // Empty ID lists read nothing (postsRead and metaRead send no statement for them).
  const [attachmentRows, meta] = await readTogether(db, postsRead(db, galleryIds), metaRead(db, metaIds, ATTACHMENT_META_KEYS));
  const attachments = new Map<number, GalleryAttachment>(attachmentRows.filter((row) => row.post_type === 'attachment')
    .map((row) => [Number(row.ID), toAttachment(site, row, meta.get(Number(row.ID)))]));
  return {
    embeds: (key) => embeds.get(key),
    attachment: (id) => attachments.get(id),
    metadata: (id) => {
      const raw = firstMeta(meta.get(id), METADATA);
      return raw === undefined || raw === '' ? undefined : maybeUnserialize(raw);
    },
    uploadsBaseUrl: uploadsBase(site),
  };
}
