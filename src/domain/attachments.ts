// An attachment's URLs and what its markup reads of it, from its row and meta.
import { firstMeta, type PostMeta } from '../data/posts.ts';
import type { PostRow } from '../data/tables.ts';
import { maybeUnserialize } from '../php/serialize.ts';
import type { SiteSettings } from '../site/settings.ts';
import type { GalleryAttachment } from '../text/gallery-shortcode.ts';
import { isPhpRecord } from '../text/image-srcset.ts';
import { attachmentUrl } from './images.ts';

/** The meta an attachment's markup reads. */
export const ATTACHMENT_META_KEYS = ['_wp_attached_file', '_wp_attachment_metadata', '_wp_attachment_image_alt'] as const;

/** The attachment's page, as wp/v2/media links it. */
export function attachmentPageUrl(site: SiteSettings, post: Pick<PostRow, 'ID' | 'post_name'>): string {
  return site.prettyPermalinks && post.post_name ? `${site.home}/${post.post_name}/` : `${site.home}/?attachment_id=${post.ID}`;
}

export function toAttachment(site: SiteSettings, post: PostRow, meta: PostMeta | undefined): GalleryAttachment {
  const metadata = maybeUnserialize(firstMeta(meta, '_wp_attachment_metadata') ?? '');
  return {
    id: Number(post.ID),
    title: post.post_title,
    excerpt: post.post_excerpt,
    url: attachmentUrl(site, post.guid, firstMeta(meta, '_wp_attached_file')),
    link: attachmentPageUrl(site, post),
    alt: firstMeta(meta, '_wp_attachment_image_alt') ?? '',
    metadata: isPhpRecord(metadata) ? metadata : null,
    status: post.post_status,
    mimeType: post.post_mime_type,
    menuOrder: Number(post.menu_order),
  };
}
