// wp_audio_shortcode() and wp_video_shortcode(): an `<audio>`/`<video>` element with one `<source>`
// per file given (`src`, or one attribute per format) and a link to the first for players that
// cannot play it, as WordPress prints it with its default player (MediaElement) and no theme
// content width. `instance` numbers the players of each kind in the text: the first carries the
// old-IE conditional comment, and every source URL carries `_={instance}`. A player with no file
// given plays the current post's first attached file; a REST request has no current post, so
// WordPress prints nothing for it, and so does wpcal.
import { isTruthy, phpTrim, toInt } from './php.ts';
import { escHtml, escUrl } from './sanitize.ts';
import { attr, type ShortcodeAttrs } from './shortcodes.ts';
import { addQueryArg } from './url.ts';

const AUDIO_FORMATS = ['mp3', 'ogg', 'flac', 'm4a', 'wav'];
const VIDEO_FORMATS = ['mp4', 'm4v', 'webm', 'ogv', 'flv'];

/** wp_get_mime_types() for the formats the players take. */
const MIME_TYPES: readonly (readonly [RegExp, string])[] = [
  [/\.(mp4|m4v)$/i, 'video/mp4'], [/\.(webm)$/i, 'video/webm'], [/\.(ogv)$/i, 'video/ogg'], [/\.(flv)$/i, 'video/x-flv'],
  [/\.(mp3|m4a|m4b)$/i, 'audio/mpeg'], [/\.(wav)$/i, 'audio/wav'], [/\.(ogg|oga)$/i, 'audio/ogg'], [/\.(flac)$/i, 'audio/flac'],
];

/** wp_check_filetype(): the extension and MIME type the URL ends with ("" when not one of these). */
function fileType(url: string): { ext: string; type: string } {
  for (const [pattern, type] of MIME_TYPES) {
    const match = pattern.exec(url);
    if (match) return { ext: match[1]!.toLowerCase(), type };
  }
  return { ext: '', type: '' };
}

/** wp_validate_boolean(): "false" (any case) and falsy strings are false. */
const validateBoolean = (value: string): boolean => value.toLowerCase() !== 'false' && isTruthy(value);

const attributeList = (attributes: readonly (readonly [string, string | number | boolean])[]): string => attributes
  .map(([name, value]) => `${name}="${escHtml(value === true ? '1' : String(value))}"`).join(' ');

/** The file attributes set, in WordPress's order (`src` first), each as a `<source>`; the fallback link to the first. */
function sources(attrs: ShortcodeAttrs, keys: readonly string[], instance: number, typeOf: (key: string, url: string) => string): { html: string; first: string } {
  let html = '';
  let first = '';
  for (const key of keys) {
    const url = attr(attrs, key);
    if (!isTruthy(url)) continue;
    if (!first) first = url;
    html += `<source type="${typeOf(key, url)}" src="${escUrl(addQueryArg(url, '_', String(instance)), 'display')}" />`;
  }
  return { html, first };
}

const fallbackLink = (url: string): string => `<a href="${escUrl(url, 'display')}">${escUrl(url, 'display')}</a>`;

/** The formats whose attributes hold a file of that format (the `src` or format attributes decide that a file is given). */
const hasFormatFile = (attrs: ShortcodeAttrs, formats: readonly string[]): boolean =>
  formats.some((format) => isTruthy(attr(attrs, format)) && fileType(attr(attrs, format)).ext === format);

const ieShim = (element: string): string => `<!--[if lt IE 9]><script>document.createElement('${element}');</script><![endif]-->\n`;

export function renderAudio(attrs: ShortcodeAttrs, instance: number): string {
  const src = attr(attrs, 'src');
  if (isTruthy(src)) {
    if (!AUDIO_FORMATS.includes(fileType(src).ext)) return `<a class="wp-embedded-audio" href="${escUrl(src, 'display')}">${escHtml(src)}</a>`;
  } else if (!hasFormatFile(attrs, AUDIO_FORMATS)) {
    return '';
  }
  const [loop, autoplay, preload] = [validateBoolean(attr(attrs, 'loop')), validateBoolean(attr(attrs, 'autoplay')), attr(attrs, 'preload', 'none')];
  const element = attributeList([
    ['class', attr(attrs, 'class', 'wp-audio-shortcode')], ['id', `audio-0-${instance}`],
    ...(loop ? [['loop', true] as const] : []), ...(autoplay ? [['autoplay', true] as const] : []),
    ...(isTruthy(preload) ? [['preload', preload] as const] : []), ['style', attr(attrs, 'style', 'width: 100%;')],
  ]);
  const { html, first } = sources(attrs, ['src', ...AUDIO_FORMATS], instance, (_key, url) => fileType(url).type);
  return `${instance === 1 ? ieShim('audio') : ''}<audio ${element} controls="controls">${html}${fallbackLink(first)}</audio>`;
}

const YOUTUBE = /^https?:\/\/(?:www\.)?(?:youtube\.com\/watch|youtu\.be\/)/;
const VIMEO = /^https?:\/\/(.+\.)?vimeo\.com\/.*/;

/** MediaElement's form of a YouTube URL (no `feature`, https) or a Vimeo one (no query but `loop`, https). */
function playerSource(src: string, loop: string): string {
  if (YOUTUBE.test(src)) return addQueryArg(src, 'feature', null).replace(/^\w+:\/\//, 'https://');
  const [, host = '', path = ''] = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]*)(?::\d+)?([^?#]*)/i.exec(src) ?? [];
  return addQueryArg(`https://${host}${path}`, 'loop', isTruthy(loop) ? '1' : '0');
}

export function renderVideo(attrs: ShortcodeAttrs, content: string, instance: number): string {
  let src = attr(attrs, 'src');
  const youtube = isTruthy(src) && YOUTUBE.test(src);
  const hosted = youtube || (isTruthy(src) && VIMEO.test(src));
  if (isTruthy(src)) {
    if (!hosted && !VIDEO_FORMATS.includes(fileType(src).ext)) return `<a class="wp-embedded-video" href="${escUrl(src, 'display')}">${escHtml(src)}</a>`;
  } else if (!hasFormatFile(attrs, VIDEO_FORMATS)) {
    return '';
  }
  if (hosted) src = playerSource(src, attr(attrs, 'loop'));
  const width = attr(attrs, 'width', '640');
  const poster = escUrl(attr(attrs, 'poster'), 'display');
  const preload = attr(attrs, 'preload', 'metadata');
  const flags = (['loop', 'autoplay', 'muted'] as const).filter((name) => validateBoolean(attr(attrs, name, name === 'muted' ? 'false' : '')));
  const element = attributeList([
    ['class', attr(attrs, 'class', 'wp-video-shortcode')], ['id', `video-0-${instance}`],
    ['width', Math.abs(toInt(width))], ['height', Math.abs(toInt(attr(attrs, 'height', '360')))],
    ...(isTruthy(poster) ? [['poster', poster] as const] : []),
    ...flags.map((name) => [name, true] as const),
    ...(isTruthy(preload) ? [['preload', preload] as const] : []),
  ]);
  const withSrc = new Map(attrs).set('src', src);
  const { html, first } = sources(withSrc, ['src', ...VIDEO_FORMATS], instance, (key, url) => {
    if (key === 'src' && hosted) return youtube ? 'video/youtube' : 'video/vimeo';
    return fileType(url).type;
  });
  const inner = isTruthy(content) ? phpTrim(content.includes('\n') ? content.replace(/\r\n|\n|\t/g, '') : content) : '';
  const video = `${instance === 1 ? ieShim('video') : ''}<video ${element} controls="controls">${html}${inner}${fallbackLink(first)}</video>`;
  const widthRule = isTruthy(width) ? `width: ${toInt(width)}px;` : '';
  return `<div style="${widthRule}" class="wp-video">${video}</div>`;
}
