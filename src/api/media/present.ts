// An attachment as WordPress's wp/v2/media controller shows it (samples 72–78): `view` for
// readers, `edit` (raw values, templates, action links) for the answers to writes.
import type { PostRow } from '../../data/tables.ts';
import type { PostMeta } from '../../data/posts.ts';
import { userCan, userCanPost } from '../../auth/capabilities.ts';
import { uploadsBase } from '../../domain/images.ts';
import { wptexturize } from '../../text/texturize.ts';
import { wpautop } from '../../text/autop.ts';
import { attachmentLink as attachmentLinkHtml, type Attachment } from '../../text/attachment-image.ts';
import { filterContentTags } from '../../text/content-tags.ts';
import { isPhpRecord as isRecord, type PhpRecord } from '../../text/image-srcset.ts';
import { NO_MEDIA } from '../../text/render.ts';
import { toAttachment } from '../../domain/attachments.ts';
import type { RestRequest } from '../context.ts';

export const WP_NAMESPACE = 'wp/v2';


/** The meta TEC registers for REST on every post type, at their defaults (sample 72's `meta`). */
const TEC_REST_META = {
  _EventAllDay: false, _EventTimezone: '', _EventStartDate: '', _EventEndDate: '', _EventStartDateUTC: '', _EventEndDateUTC: '',
  _EventShowMap: false, _EventShowMapLink: false, _EventURL: '', _EventCost: '', _EventCostDescription: '', _EventCurrencySymbol: '',
  _EventCurrencyCode: '', _EventCurrencyPosition: '', _EventDateTimeSeparator: '', _EventTimeRangeSeparator: '',
  _EventOrganizerID: [], _EventVenueID: [], _OrganizerEmail: '', _OrganizerPhone: '', _OrganizerWebsite: '', _VenueAddress: '',
  _VenueCity: '', _VenueCountry: '', _VenueProvince: '', _VenueState: '', _VenueZip: '', _VenuePhone: '', _VenueURL: '',
  _VenueStateProvince: '', _VenueLat: '', _VenueLng: '', _VenueShowMap: false, _VenueShowMapLink: false,
};

const restDate = (value: string): string | null => (value.startsWith('0000') ? null : value.replace(' ', 'T'));

/** The capabilities on an attachment: an unattached one is edited and deleted as a draft of `posts`. */
export function canOnAttachment(req: RestRequest, meta: 'edit_post' | 'delete_post', post: PostRow): boolean {
  return userCanPost(meta, req.user, { post_author: Number(post.post_author), post_status: post.post_status }, 'posts');
}

/**
 * prepend_attachment(): the medium size (else the full image within its bounds) linked to the file,
 * with what wp_filter_content_tags() adds to it later in the_content.
 */
function attachmentParagraph(attachment: Attachment, uploadsBaseUrl: string): string {
  return filterContentTags(`<p class="attachment">${attachmentLinkHtml(attachment, 'medium', false, [], uploadsBaseUrl)}</p>\n`, NO_MEDIA);
}

/** One attachment's JSON, keys in WordPress's order. */
export function presentMedia(req: RestRequest, post: PostRow, meta: PostMeta, context: 'view' | 'edit'): Record<string, unknown> {
  const id = Number(post.ID);
  const edit = context === 'edit';
  const attachment = toAttachment(req.site, post, meta);
  const { url } = attachment;
  const dirUrl = url.slice(0, url.lastIndexOf('/') + 1);
  const metadata: PhpRecord = attachment.metadata ?? {};
  const fileName = url.slice(url.lastIndexOf('/') + 1);
  const sizeEntries = isRecord(metadata.sizes) ? Object.entries(metadata.sizes).filter((entry): entry is [string, PhpRecord] => isRecord(entry[1])) : [];
  const isImage = post.post_mime_type.startsWith('image/');
  // The stored metadata as it is, its sizes with WordPress's `mime_type` and their URLs, and the full size.
  const mediaSizes: Record<string, unknown> = {};
  for (const [name, { 'mime-type': mime, ...size }] of sizeEntries) {
    mediaSizes[name] = { ...size, ...(mime !== undefined ? { mime_type: mime } : {}), source_url: `${dirUrl}${String(size.file)}` };
  }
  if (sizeEntries.length) mediaSizes.full = { file: fileName, width: Number(metadata.width ?? 0), height: Number(metadata.height ?? 0), mime_type: post.post_mime_type, source_url: url };
  const description = (isImage ? attachmentParagraph(attachment, uploadsBase(req.site)) : '') + (post.post_content ? wpautop(post.post_content) : '');
  const title = { ...(edit ? { raw: post.post_title } : {}), rendered: wptexturize(post.post_title) };
  const body: Record<string, unknown> = {
    id,
    date: restDate(post.post_date),
    date_gmt: restDate(post.post_date_gmt),
    guid: { rendered: post.guid, ...(edit ? { raw: post.guid } : {}) },
    modified: restDate(post.post_modified),
    modified_gmt: restDate(post.post_modified_gmt),
    slug: post.post_name,
    status: post.post_status,
    type: 'attachment',
    link: attachment.link,
    title,
    author: Number(post.post_author),
    featured_media: 0,
    comment_status: post.comment_status,
    ping_status: post.ping_status,
    template: '',
    meta: TEC_REST_META,
    ...(edit ? { permalink_template: `${req.site.home}/?attachment_id=${id}`, generated_slug: post.post_name } : {}),
    class_list: [`post-${id}`, 'attachment', 'type-attachment', `status-${post.post_status}`, 'hentry'],
    description: { ...(edit ? { raw: post.post_content } : {}), rendered: description },
    caption: { ...(edit ? { raw: post.post_excerpt } : {}), rendered: post.post_excerpt ? wpautop(wptexturize(post.post_excerpt)) : '' },
    alt_text: attachment.alt,
    media_type: isImage ? 'image' : 'file',
    mime_type: post.post_mime_type,
    media_details: Object.keys(metadata).length ? { ...metadata, sizes: mediaSizes } : {},
    post: Number(post.post_parent) || null,
    source_url: url,
    ...(edit ? { missing_image_sizes: [] } : {}),
    filename: fileName,
    ...(metadata.filesize !== undefined ? { filesize: metadata.filesize } : {}),
  };
  if (edit) {
    const orientation = isRecord(metadata.image_meta) ? Number(metadata.image_meta.orientation) : 0;
    body.exif_orientation = orientation > 1 ? orientation : 1;
  }
  return body;
}

/** The `_links` of an attachment: its self link says what this user may do with it. */
export function mediaLinks(req: RestRequest, post: PostRow, context: 'view' | 'edit'): Record<string, unknown> {
  const id = Number(post.ID);
  const self = `${req.site.apiRoot}/${WP_NAMESPACE}/media/${id}`;
  const allow = ['GET', ...(canOnAttachment(req, 'edit_post', post) ? ['POST', 'PUT', 'PATCH'] : []), ...(canOnAttachment(req, 'delete_post', post) ? ['DELETE'] : [])];
  const links: Record<string, unknown> = {
    self: [{ href: self, targetHints: { allow } }],
    collection: [{ href: `${req.site.apiRoot}/${WP_NAMESPACE}/media` }],
    about: [{ href: `${req.site.apiRoot}/${WP_NAMESPACE}/types/attachment` }],
    author: [{ embeddable: true, href: `${req.site.apiRoot}/${WP_NAMESPACE}/users/${Number(post.post_author)}` }],
    replies: [{ embeddable: true, href: `${req.site.apiRoot}/${WP_NAMESPACE}/comments?post=${id}` }],
  };
  if (context === 'edit') {
    if (userCan(req.user, 'unfiltered_html')) links['wp:action-unfiltered-html'] = [{ href: self }];
    if (userCan(req.user, 'edit_others_posts')) links['wp:action-assign-author'] = [{ href: self }];
    if (Object.keys(links).some((rel) => rel.startsWith('wp:'))) links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  }
  return links;
}
