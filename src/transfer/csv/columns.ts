// The columns of The Events Calendar's CSV import (events, venues, organizers) as its column
// mapper (Tribe__Events__Importer__Column_Mapper) names them: a key (the value its mapping
// screen submits, and the field name `--map` takes) and a label (what the screen shows).

export type CsvKind = 'events' | 'venues' | 'organizers';

export const KINDS: readonly CsvKind[] = ['events', 'venues', 'organizers'];

export interface Column {
  key: string;
  label: string;
  /** Other headers of TEC's own example files that name the column. */
  also?: readonly string[];
}

const FEATURED_IMAGE = 'featured_image';

/** Field → its column. */
export const COLUMNS = {
  events: {
    title: { key: 'event_name', label: 'Event Name' },
    description: { key: 'event_description', label: 'Event Description' },
    excerpt: { key: 'event_excerpt', label: 'Event Excerpt' },
    startDate: { key: 'event_start_date', label: 'Event Start Date' },
    startTime: { key: 'event_start_time', label: 'Event Start Time' },
    endDate: { key: 'event_end_date', label: 'Event End Date' },
    endTime: { key: 'event_end_time', label: 'Event End Time' },
    timezone: { key: 'event_timezone', label: 'Event Time Zone' },
    allDay: { key: 'event_all_day', label: 'All Day Event' },
    hide: { key: 'event_hide', label: 'Hide Event From Event Listings', also: ['Hide from Event Listings', 'Event Hide From Listings'] },
    sticky: { key: 'event_sticky', label: 'Event Sticky in Month View' },
    featured: { key: 'feature_event', label: 'Feature Event', also: ['Event Featured', 'Featured Event', 'Featured'] },
    venue: { key: 'event_venue_name', label: 'Event Venue Name', also: ['Event Venue'] },
    organizer: { key: 'event_organizer_name', label: 'Event Organizer Name(s) or ID(s)', also: ['Event Organizer'] },
    showMapLink: { key: 'event_show_map_link', label: 'Event Show Map Link' },
    showMap: { key: 'event_show_map', label: 'Event Show Map' },
    cost: { key: 'event_cost', label: 'Event Cost' },
    currencySymbol: { key: 'event_currency_symbol', label: 'Event Currency Symbol' },
    currencyPosition: { key: 'event_currency_position', label: 'Event Currency Position' },
    currencyCode: { key: 'event_currency_code', label: 'Event Currency Code' },
    categories: { key: 'event_category', label: 'Event Category' },
    tags: { key: 'event_tags', label: 'Event Tags' },
    website: { key: 'event_website', label: 'Event Website', also: ['Event URL'] },
    image: { key: FEATURED_IMAGE, label: 'Event Featured Image' },
    // Read by the plugin, not by wpcal (comments and pings follow the site's defaults).
    commentStatus: { key: 'event_comment_status', label: 'Event Allow Comments' },
    pingStatus: { key: 'event_ping_status', label: 'Event Allow Trackbacks and Pingbacks' },
  },
  venues: {
    name: { key: 'venue_name', label: 'Venue Name' },
    description: { key: 'venue_description', label: 'Venue Description' },
    country: { key: 'venue_country', label: 'Venue Country' },
    address: { key: 'venue_address', label: 'Venue Address' },
    address2: { key: 'venue_address2', label: 'Venue Address 2' },
    city: { key: 'venue_city', label: 'Venue City' },
    stateProvince: { key: 'venue_state', label: 'Venue State/Province', also: ['Venue Province'] },
    zip: { key: 'venue_zip', label: 'Venue Zip' },
    phone: { key: 'venue_phone', label: 'Venue Phone' },
    website: { key: 'venue_url', label: 'Venue Website' },
    image: { key: FEATURED_IMAGE, label: 'Venue Featured Image' },
  },
  organizers: {
    name: { key: 'organizer_name', label: 'Organizer Name' },
    description: { key: 'organizer_description', label: 'Organizer Description' },
    email: { key: 'organizer_email', label: 'Organizer Email' },
    website: { key: 'organizer_website', label: 'Organizer Website' },
    phone: { key: 'organizer_phone', label: 'Organizer Phone' },
    image: { key: FEATURED_IMAGE, label: 'Organizer Featured Image' },
  },
} as const satisfies Record<CsvKind, Record<string, Column>>;

export type Field<K extends CsvKind> = keyof (typeof COLUMNS)[K] & string;

/** Columns a file of the kind cannot do without (the plugin's required fields). */
export const REQUIRED = {
  events: ['title', 'startDate'],
  venues: ['name'],
  organizers: ['name'],
} as const satisfies { [K in CsvKind]: ReadonlyArray<Field<K>> };

export function columnsOf(kind: CsvKind): ReadonlyArray<[string, Column]> {
  return Object.entries(COLUMNS[kind]);
}

/** The plugin's label of a field's column, for messages. */
export function columnName<K extends CsvKind>(kind: K, field: Field<K>): string {
  return (COLUMNS[kind] as Record<string, Column>)[field].label;
}

/** The kinds of file, and the field in each, a column key belongs to (`featured_image` is in all three). */
export function fieldsOfKey(key: string): Map<CsvKind, string> {
  const fields = new Map<CsvKind, string>();
  for (const kind of KINDS) {
    for (const [field, column] of columnsOf(kind)) if (column.key === key) fields.set(kind, field);
  }
  return fields;
}

/** Every column key, for messages. */
export const ALL_KEYS: readonly string[] = [...new Set(KINDS.flatMap((kind) => columnsOf(kind).map(([, column]) => column.key)))];
