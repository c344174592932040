// The columns of The Events Calendar's CSV import (events, venues, organizers), by the names the
// plugin's import screen offers and the names found in its own test files. Headers are compared
// without case, spaces or punctuation ("Venue State/Province" = "venuestateprovince").

export type CsvKind = 'events' | 'venues' | 'organizers';

export const normalizeHeader = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Field → the header spellings that fill it; the first spelling is the plugin's column name. */
export const COLUMNS = {
  events: {
    title: ['Event Name'],
    description: ['Event Description', 'Description'],
    excerpt: ['Event Excerpt', 'Excerpt'],
    startDate: ['Event Start Date'],
    startTime: ['Event Start Time'],
    endDate: ['Event End Date'],
    endTime: ['Event End Time'],
    timezone: ['Event Time Zone', 'Event Timezone', 'Timezone'],
    allDay: ['All Day Event', 'All Day', 'Event All Day'],
    hide: ['Hide from Event Listings', 'Event Hide From Listings', 'Hide'],
    sticky: ['Event Sticky in Month View', 'Event Sticky', 'Sticky'],
    featured: ['Event Featured', 'Featured Event', 'Featured'],
    venue: ['Event Venue Name', 'Event Venue'],
    organizer: ['Event Organizer Name', 'Event Organizer'],
    showMapLink: ['Event Show Map Link'],
    showMap: ['Event Show Map'],
    cost: ['Event Cost'],
    currencySymbol: ['Event Currency Symbol'],
    currencyPosition: ['Event Currency Position'],
    currencyCode: ['Event Currency Code'],
    categories: ['Event Category', 'Event Categories'],
    tags: ['Event Tags', 'Event Tag'],
    website: ['Event Website', 'Event URL'],
    image: ['Event Featured Image'],
  },
  venues: {
    name: ['Venue Name'],
    description: ['Venue Description', 'Description'],
    country: ['Venue Country'],
    address: ['Venue Address'],
    address2: ['Venue Address 2'],
    city: ['Venue City'],
    stateProvince: ['Venue State/Province', 'Venue State', 'Venue Province'],
    zip: ['Venue Zip'],
    phone: ['Venue Phone'],
    website: ['Venue Website', 'Venue URL'],
    image: ['Venue Featured Image'],
  },
  organizers: {
    name: ['Organizer Name'],
    description: ['Organizer Description', 'Description'],
    email: ['Organizer Email'],
    website: ['Organizer Website'],
    phone: ['Organizer Phone'],
    image: ['Organizer Featured Image'],
  },
} as const;

/** Columns a file of the kind cannot do without. */
export const REQUIRED = {
  events: ['title', 'startDate'],
  venues: ['name'],
  organizers: ['name'],
} as const;

export type Field<K extends CsvKind> = keyof (typeof COLUMNS)[K];

/** The kind of file a header row is: the first whose name column it has. */
export function detectKind(headers: readonly string[]): CsvKind | null {
  const present = new Set(headers.map(normalizeHeader));
  return (['events', 'venues', 'organizers'] as const)
    .find((kind) => present.has(normalizeHeader(COLUMNS[kind][REQUIRED[kind][0] as never][0]))) ?? null;
}

/** Field → column index (the first matching header), for the fields the header row has. */
export function columnIndexes<K extends CsvKind>(kind: K, headers: readonly string[]): Map<Field<K>, number> {
  const normalized = headers.map(normalizeHeader);
  const indexes = new Map<Field<K>, number>();
  for (const [field, spellings] of Object.entries(COLUMNS[kind]) as Array<[Field<K>, readonly string[]]>) {
    for (const spelling of spellings) {
      const index = normalized.indexOf(normalizeHeader(spelling));
      if (index >= 0) {
        indexes.set(field, index);
        break;
      }
    }
  }
  return indexes;
}

/** The plugin's name of a field's column, for messages. */
export function columnName<K extends CsvKind>(kind: K, field: Field<K>): string {
  return (COLUMNS[kind][field] as readonly string[])[0];
}
