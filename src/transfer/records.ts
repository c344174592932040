// The format-neutral shape calendar data takes between files and the database. Every importer
// (JSON fixtures, TEC CSV, WXR, iCalendar) reads its format into these records (streamed by an
// ImportSource, or all at once in an ImportBatch); every exporter serializes a stream of
// ExportEvent. Field names follow the REST create arguments.

/** A venue as imported; `key` identifies it within the batch (and across re-imports). */
export interface VenueRecord {
  key: string;
  /** Where the record is in its file, for messages (`venues.csv:4`); `{file}: venue "{key}"` when absent. */
  where?: string;
  venue: string;
  description?: string;
  address?: string;
  city?: string;
  country?: string;
  province?: string;
  state?: string;
  zip?: string;
  phone?: string;
  website?: string;
  showMap?: boolean;
  showMapLink?: boolean;
  /** A registered post status; `publish` when absent (and for the venues of published events). */
  status?: string;
  /** `post_name` wanted (made unique); derived from the title when absent. */
  slug?: string;
  /** post_date_gmt (strtotime-parseable, UTC); now when absent. */
  dateUtc?: string;
  /** post_date (local, site time zone); derived from dateUtc when absent. A draft has only this one. */
  date?: string;
  /** post_modified_gmt (`Y-m-d H:i:s`) a new post keeps (WXR); its post date when absent. */
  modifiedUtc?: string;
  /** Keep this post ID when it is free (WXR). */
  wantedId?: number;
  /**
   * The featured image, as the REST `image` argument takes it: an attachment ID, or a URL (the
   * attachment made from it, else downloaded); '' removes it, absent leaves it as it is.
   */
  image?: string;
}

export interface OrganizerRecord {
  key: string;
  /** As VenueRecord.where. */
  where?: string;
  organizer: string;
  description?: string;
  phone?: string;
  website?: string;
  email?: string;
  /** As VenueRecord.status, .slug, .dateUtc, .date and .modifiedUtc. */
  status?: string;
  slug?: string;
  dateUtc?: string;
  date?: string;
  modifiedUtc?: string;
  wantedId?: number;
  /** As VenueRecord.image. */
  image?: string;
}

export interface TermRecord {
  key: string;
  name: string;
  slug?: string;
  description?: string;
  /** Key of the parent category within the batch. */
  parentKey?: string;
  /** Keep this term ID when it is free. */
  wantedId?: number;
}

export interface EventRecord {
  /**
   * What makes a re-import update instead of duplicate: the iCalendar UID, the fixture key, the
   * WXR post ID… Stored on the event so the next import finds it.
   */
  key: string;
  /** As VenueRecord.where. */
  where?: string;
  title: string;
  description?: string;
  excerpt?: string;
  status?: string;
  /** Local DB datetimes (`Y-m-d H:i:s`) in `timezone`, or strtotime-parseable text. */
  startDate: string;
  endDate: string;
  allDay?: boolean;
  /** IANA zone or `UTC±N`; the site time zone when absent. */
  timezone?: string;
  /** One `_EventCost` row, or one per entry. */
  cost?: string | string[];
  currencySymbol?: string;
  currencyPosition?: 'prefix' | 'postfix';
  website?: string;
  featured?: boolean;
  sticky?: boolean;
  hideFromListings?: boolean;
  showMap?: boolean;
  showMapLink?: boolean;
  venueKey?: string;
  organizerKeys?: string[];
  /** TEC CSV: the organizer cell as written (IDs, titles, or a title with commas), read when it is written (csv/organizer-cell.ts). */
  organizerCell?: string;
  /** Keys of TermRecords in the batch, or names (created when missing). */
  categories?: string[];
  tags?: string[];
  /** Keep this post ID when it is free (WXR). */
  wantedId?: number;
  /** `post_name` wanted (made unique); derived from the title when absent. */
  slug?: string;
  /** `post_date` (local, read in `timezone`) and `post_date_gmt`: strtotime-parseable. */
  date?: string;
  dateUtc?: string;
  /** As VenueRecord.modifiedUtc. */
  modifiedUtc?: string;
  /** `post_password`. */
  password?: string;
  /** Extra postmeta to store verbatim (WXR carries the plugin's own keys). */
  meta?: Array<[string, string]>;
  /** As VenueRecord.image. */
  image?: string;
}

/** A problem with one row/entry of a file: reported, counted as failed, the rest goes on. */
export interface RecordProblem {
  /** File, and where in it: `events.csv:12`, `feed.ics: VEVENT 3 (UID abc)`. */
  where: string;
  reason: string;
}

export interface ImportBatch {
  venues: VenueRecord[];
  organizers: OrganizerRecord[];
  categories: TermRecord[];
  tags: TermRecord[];
  events: EventRecord[];
  problems: RecordProblem[];
  /** Entries the parser left out on purpose (other post types, cancelled…): counted as skipped. */
  skipped?: number;
}

export function emptyBatch(): ImportBatch {
  return { venues: [], organizers: [], categories: [], tags: [], events: [], problems: [] };
}

/** A category or tag as the exporters see it. */
export interface ExportTerm {
  id: number;
  name: string;
  slug: string;
  description?: string;
  /** Parent term ID; 0 or absent for none. */
  parent?: number;
}

/** The terms of an export, for formats that declare them before the events (WXR). */
export interface ExportTerms {
  /** With their ancestors. */
  categories: ExportTerm[];
  tags: ExportTerm[];
}

/** A featured image as the exporters see it: its attachment post, where its file is served, and its meta. */
export interface ExportImage {
  id: number;
  /** The full-size file's URL: what an import downloads it from. */
  url: string;
  title: string;
  slug: string;
  mimeType: string;
  authorId: number;
  /** post_date_gmt / post_date of the attachment. */
  createdUtc: string;
  created: string;
  /** `_wp_attached_file` and `_wp_attachment_metadata` (serialized), when it has them. */
  attachedFile?: string;
  metadata?: string;
}

/**
 * A venue or organizer as the exporters see it: the record's fields (status, slug and dates
 * included), its post ID and its featured image.
 */
export type ExportVenue = Omit<VenueRecord, 'key' | 'wantedId' | 'image'> & { id: number; /** post_author */ authorId?: number; image?: ExportImage };
export type ExportOrganizer = Omit<OrganizerRecord, 'key' | 'wantedId' | 'image'> & { id: number; /** post_author */ authorId?: number; image?: ExportImage };

/** A user who wrote exported posts (WXR's `wp:author`, `dc:creator`). */
export interface ExportAuthor {
  id: number;
  login: string;
  email: string;
  displayName: string;
}

/** What the WXR export declares beside the events. */
export interface ExportDeclarations extends ExportTerms {
  /** Every venue and organizer of the calendar (a backup); absent, only those the events link are written. */
  venues?: AsyncIterable<ExportVenue>;
  organizers?: AsyncIterable<ExportOrganizer>;
  /** The users who wrote events, venues or organizers: each item's `dc:creator`. */
  authors?: ExportAuthor[];
  /** Declare them (`wp:author`, with their e-mail): only in a backup, whose posts they all wrote. */
  declareAuthors?: boolean;
}

/** One event as the exporters see it: the stored data, resolved, with its linked posts and terms. */
export interface ExportEvent {
  id: number;
  /** post_author */
  authorId?: number;
  slug: string;
  status: string;
  title: string;
  /** Raw post_content / post_excerpt (not rendered). */
  description: string;
  excerpt: string;
  /** Local and UTC DB datetimes as stored. */
  startDate: string;
  endDate: string;
  startDateUtc: string;
  endDateUtc: string;
  allDay: boolean;
  timezone: string;
  cost: string;
  website: string;
  featured: boolean;
  /** menu_order -1 (WXR). */
  sticky?: boolean;
  /** post_password (WXR); absent or empty = not protected. */
  password?: string;
  url: string;
  /** post_date_gmt / post_modified_gmt */
  createdUtc: string;
  modifiedUtc: string;
  /** post_date, for a post without a UTC date (a draft's date floats: it has only this one). */
  created?: string;
  venue: ExportVenue | null;
  organizers: ExportOrganizer[];
  /** `description` and `parent` are filled by the export reader. */
  categories: ExportTerm[];
  tags: ExportTerm[];
  /** Every postmeta row of the event, for formats that carry them (WXR). */
  meta: Array<[string, string]>;
  image?: ExportImage;
}
