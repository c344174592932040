// What differs between event categories and event tags (terms.md §1): everything else about the
// term routes is one implementation parameterised by this definition.

export interface TaxonomyDefinition {
  /** term_taxonomy.taxonomy */
  taxonomy: 'tribe_events_cat' | 'post_tag';
  hierarchical: boolean;
  /** TEC collection under the namespace, also the key of the list envelope. */
  restBase: 'categories' | 'tags';
  /** WordPress core `wp/v2` collection (used in `_links` and `Location` only). */
  wpRestBase: 'tribe_events_cat' | 'tags';
  /** `wp:post_type` links: `wp/v2/{type}?{wpQueryVar}={id}` for each of these. */
  wpPostTypes: readonly string[];
  wpQueryVar: 'tribe_events_cat' | 'tags';
  /** The `manage_terms` (= edit/delete terms) capability. */
  manageCapability: 'publish_tribe_events' | 'manage_categories';
  /** Term links: pretty `{home}/{prettyBase}/{path}/`, plain `{home}/?{plainVar}={slug}`. */
  prettyBase: string;
  plainVar: string;
  /** Argument descriptions: "The event category name", "the event category term ID". */
  singular: string;
  plural: string;
}

export const CATEGORIES: TaxonomyDefinition = {
  taxonomy: 'tribe_events_cat',
  hierarchical: true,
  restBase: 'categories',
  wpRestBase: 'tribe_events_cat',
  wpPostTypes: ['tribe_events', 'tec_calendar_embed'],
  wpQueryVar: 'tribe_events_cat',
  manageCapability: 'publish_tribe_events',
  prettyBase: 'events/category',
  plainVar: 'tribe_events_cat',
  singular: 'event category',
  plural: 'event categories',
};

export const TAGS: TaxonomyDefinition = {
  taxonomy: 'post_tag',
  hierarchical: false,
  restBase: 'tags',
  wpRestBase: 'tags',
  wpPostTypes: ['posts', 'tribe_events', 'tec_calendar_embed'],
  wpQueryVar: 'tags',
  manageCapability: 'manage_categories',
  prettyBase: 'tag',
  plainVar: 'tag',
  singular: 'event tag',
  plural: 'event tags',
};
