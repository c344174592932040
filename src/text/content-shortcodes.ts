// do_shortcode() as the_content runs it (priority 11, after wpautop): the core shortcodes WordPress
// registers, rendered; `[playlist]` (whose player is a script) and other plugins' shortcodes stay
// as written. Players and galleries are numbered from 1 in each text.
import { renderCaption } from './caption-shortcode.ts';
import { galleryIds, renderGallery, type GalleryMedia } from './gallery-shortcode.ts';
import { renderAudio, renderVideo } from './media-players.ts';
import { doShortcode, type ShortcodeHandler } from './shortcodes.ts';

export function renderShortcodes(text: string, media: GalleryMedia): string {
  if (!text.includes('[')) return text;
  const count = { audio: 0, video: 0, gallery: 0 };
  const caption: ShortcodeHandler = (attrs, content) => renderCaption(attrs, content, (inner) => doShortcode(inner, handlers));
  const handlers: Record<string, ShortcodeHandler> = {
    wp_caption: caption,
    caption,
    gallery: (attrs) => renderGallery(attrs, media, ++count.gallery),
    audio: (attrs) => renderAudio(attrs, ++count.audio),
    video: (attrs, content) => renderVideo(attrs, content, ++count.video),
    // WP_Embed runs `[embed]` before the other filters; one still here renders nothing.
    embed: () => '',
  };
  return doShortcode(text, handlers);
}

/** The attachments the text's galleries show. */
export function galleryAttachmentIds(text: string): number[] {
  if (!text.includes('[')) return [];
  const ids: number[] = [];
  doShortcode(text, {
    gallery: (attrs) => {
      ids.push(...galleryIds(attrs));
      return '';
    },
  });
  return ids;
}
