// What rendering the descriptions and excerpts of a batch of posts reads from the database, in at
// most two queries whatever their number: the oEmbed cache entries of the URLs they embed, then the
// metadata of the media-library images they show (`wp-image-{id}`), cached HTML included.
import type { Reader } from '../data/executor.ts';
import { firstMeta, loadMeta } from '../data/posts.ts';
import { oembedCacheContents } from '../data/oembed-cache.ts';
import type { PostRow } from '../data/tables.ts';
import { maybeUnserialize } from '../php/serialize.ts';
import type { SiteSettings } from '../site/settings.ts';
import { embedCacheKeys } from '../text/autoembed.ts';
import { attachmentIdsIn } from '../text/content-tags.ts';
import type { ContentMedia } from '../text/render.ts';
import { uploadsBase } from './images.ts';

const METADATA = '_wp_attachment_metadata';

export async function loadContentMedia(db: Reader, site: SiteSettings, posts: readonly Pick<PostRow, 'post_content' | 'post_excerpt'>[]): Promise<ContentMedia> {
  const texts = posts.flatMap((post) => [post.post_content, post.post_excerpt]);
  const keys = [...new Set(texts.flatMap(embedCacheKeys))];
  const embeds = keys.length ? await oembedCacheContents(db, keys) : new Map<string, string>();
  const ids = [...new Set([...texts, ...embeds.values()].flatMap(attachmentIdsIn))];
  const meta = ids.length ? await loadMeta(db, ids, [METADATA]) : new Map();
  return {
    embeds: (key) => embeds.get(key),
    metadata: (id) => {
      const raw = firstMeta(meta.get(id), METADATA);
      return raw === undefined || raw === '' ? undefined : maybeUnserialize(raw);
    },
    uploadsBaseUrl: uploadsBase(site),
  };
}
