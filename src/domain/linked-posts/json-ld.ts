// The schema.org `Place` (venue) and `Person` (organizer) of the single-read routes
// (venues-organizers.md §5.4), without `@context`.
import { firstMeta } from '../../data/posts.ts';
import { renderTitle } from '../../text/render.ts';
import { escHtml, jsEscape } from '../../text/sanitize.ts';
import { jsonLdTeaser, shownTitle } from '../json-ld.ts';
import type { JsonLdSource } from './definition.ts';

function common(type: string, source: JsonLdSource): Record<string, unknown> {
  const out: Record<string, unknown> = {
    '@type': type,
    name: jsEscape(renderTitle(shownTitle(source.post))),
    description: jsEscape(jsonLdTeaser(source.post)),
  };
  if (source.image && typeof source.image.url === 'string') out.image = source.image.url;
  return out;
}

const meta = (source: JsonLdSource, key: string): string => firstMeta(source.meta, key) ?? '';

export function venueJsonLd(source: JsonLdSource): Record<string, unknown> {
  const country = meta(source, '_VenueCountry');
  const region = meta(source, '_VenueStateProvince')
    || (country === 'United States' || country === 'US' ? meta(source, '_VenueState') : meta(source, '_VenueProvince'));
  const address = Object.fromEntries(Object.entries({
    streetAddress: meta(source, '_VenueAddress'),
    addressLocality: meta(source, '_VenueCity'),
    addressRegion: region,
    postalCode: meta(source, '_VenueZip'),
    addressCountry: country,
  }).filter(([, value]) => value !== '').map(([key, value]) => [key, escHtml(value)]));
  return {
    ...common('Place', source),
    url: '',
    address: { '@type': 'PostalAddress', ...address },
    telephone: escHtml(meta(source, '_VenuePhone')),
    sameAs: meta(source, '_VenueURL'),
  };
}

/**
 * WordPress antispambot(): each character kept or written as a numeric entity, at random. The
 * choices come from a hash of the address rather than from rand(), so one address is always
 * written alike: answers and pages stay byte-identical between requests (HEAD and GET lengths,
 * reused answers), and a reader sees the same mix of entities WordPress writes.
 */
function antispambot(email: string): string {
  let state = 0x811c9dc5;
  for (const char of email) state = Math.imul(state ^ char.codePointAt(0)!, 0x01000193);
  let out = '';
  for (const char of email) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out += state & 1 ? `&#${char.codePointAt(0)};` : char;
  }
  return out.replaceAll('@', '&#64;');
}

export function organizerJsonLd(source: JsonLdSource): Record<string, unknown> {
  const website = meta(source, '_OrganizerWebsite');
  return {
    ...common('Person', source),
    url: website,
    telephone: escHtml(meta(source, '_OrganizerPhone')),
    email: antispambot(meta(source, '_OrganizerEmail')),
    sameAs: website,
  };
}
