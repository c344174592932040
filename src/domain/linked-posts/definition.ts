// What distinguishes venues from organizers ("linked posts", venues-organizers.md): one
// definition per type drives the shared routes, presenter, list query and writes.
import type { PostRow } from '../../data/tables.ts';
import type { SiteSettings } from '../../site/settings.ts';
import type { PostMeta } from '../../data/posts.ts';
import type { ImageObject } from '../images.ts';
import type { PostTypeDefinition } from '../post-types.ts';
import type { Phrase } from '../../i18n/phrase.ts';

/** How a meta-backed field's value is validated on writes. */
export type FieldCheck = 'string_or_empty' | 'url_or_empty';

export interface LinkedField {
  /** Request argument and JSON key. */
  name: string;
  metaKey: string;
  /** Argument description in the namespace index. */
  description: string;
  check: FieldCheck;
  /** Whether `search` looks in it. */
  searchable: boolean;
}

export interface JsonLdSource {
  post: PostRow;
  meta: PostMeta;
  image: ImageObject | undefined;
  site: SiteSettings;
}

export interface LinkedPostDefinition {
  postType: PostTypeDefinition;
  /** `venue` / `organizer`: the name argument, JSON key and message word. */
  singular: 'venue' | 'organizer';
  /** `Venues` / `Organizers` in argument descriptions. */
  pluralLabel: string;
  /** Meta key on events pointing at this type. */
  linkMetaKey: '_EventVenueID' | '_EventOrganizerID';
  /** Written once, when the plugin creates the post: `events-calendar`. */
  originMetaKey: '_VenueOrigin' | '_OrganizerOrigin';
  /** The description's copy the plugin's create keeps in meta (its update leaves it), text-sanitized. */
  descriptionMetaKey: '_VenueDescription' | '_OrganizerDescription';
  /** Meta-backed fields in JSON output order. */
  fields: readonly LinkedField[];
  /** Field names in write-argument order (after `status`, before `image`). */
  writeArgOrder: readonly string[];
  /** Venues: show_map / show_map_link flags and the state/province rule. */
  venueRules: boolean;
  /** Organizers declare `default: null` on every write argument, venues on the optional data ones. */
  nullDefaultOnPostArgs: boolean;
  jsonLd(source: JsonLdSource): Record<string, unknown>;
  /** Error messages naming the type, each a whole sentence for the catalogs. */
  messages: Record<'archiveNotFound' | 'notAccessible' | 'inTrash' | 'notCreated', Phrase>;
}

