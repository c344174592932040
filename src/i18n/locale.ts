// The locale of a request, as WordPress's determine_locale() has it for REST requests.
import type { IncomingHttpHeaders } from 'node:http';
import { DEFAULT_LOCALE } from './languages.ts';

/** get_locale(): the WPLANG option, en_US when empty. */
export function siteLocale(wplang: string | undefined): string {
  const locale = (wplang ?? '').trim();
  return locale === '' ? DEFAULT_LOCALE : locale;
}

/** wp_is_json_media_type(). */
function isJsonMediaType(value: string | string[] | undefined): boolean {
  return typeof value === 'string' && /(^|\s|,)application\/([\w!#$&\-^.+]+\+)?json(\+oembed)?($|\s|;|,)/i.test(value);
}

/** wp_is_json_request(): the client accepts or sends JSON. */
export function isJsonRequest(headers: IncomingHttpHeaders): boolean {
  return isJsonMediaType(headers.accept) || isJsonMediaType(headers['content-type']);
}

/** `?_locale=user` on a JSON request: the signed-in user's locale is asked for (get_user_locale()). */
export function wantsUserLocale(query: Record<string, unknown>, headers: IncomingHttpHeaders): boolean {
  return query._locale === 'user' && isJsonRequest(headers);
}

/** get_user_locale(): the user's `locale` meta, the site's when it is empty. */
export function userLocale(meta: string | undefined, site: string): string {
  const locale = (meta ?? '').trim();
  return locale === '' ? site : locale;
}
