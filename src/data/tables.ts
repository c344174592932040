// Row types of the WordPress and TEC 6 tables, keyed by their unprefixed names.
// The table prefix is added as statements are compiled (table-prefix.ts), so queries name `posts`, never `wp_posts`.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** BIGINT columns: mysql2 and better-sqlite3 both hand them back as JS numbers here. */
type Id = number;

export interface PostsTable {
  ID: Generated<Id>;
  post_author: Id;
  post_date: string;
  post_date_gmt: string;
  post_content: string;
  post_title: string;
  post_excerpt: string;
  post_status: string;
  comment_status: string;
  ping_status: string;
  post_password: string;
  post_name: string;
  to_ping: string;
  pinged: string;
  post_modified: string;
  post_modified_gmt: string;
  post_content_filtered: string;
  post_parent: Id;
  guid: string;
  menu_order: number;
  post_type: string;
  post_mime_type: string;
  comment_count: number;
}


export interface PostmetaTable {
  meta_id: Generated<Id>;
  post_id: Id;
  meta_key: string | null;
  meta_value: string | null;
}

export interface TermmetaTable {
  meta_id: Generated<Id>;
  term_id: Id;
  meta_key: string | null;
  meta_value: string | null;
}

export interface UsermetaTable {
  umeta_id: Generated<Id>;
  user_id: Id;
  meta_key: string | null;
  meta_value: string | null;
}

export interface TermsTable {
  term_id: Generated<Id>;
  name: string;
  slug: string;
  term_group: number;
}

export interface TermTaxonomyTable {
  term_taxonomy_id: Generated<Id>;
  term_id: Id;
  taxonomy: string;
  description: string;
  parent: Id;
  count: number;
}

export interface TermRelationshipsTable {
  object_id: Id;
  term_taxonomy_id: Id;
  term_order: number;
}

export interface UsersTable {
  ID: Generated<Id>;
  user_login: string;
  user_pass: string;
  user_nicename: string;
  user_email: string;
  user_url: string;
  user_registered: string;
  user_activation_key: string;
  user_status: number;
  display_name: string;
}

export interface OptionsTable {
  option_id: Generated<Id>;
  option_name: string;
  option_value: string;
  autoload: string;
}

export interface TecEventsTable {
  event_id: Generated<Id>;
  post_id: Id;
  start_date: string;
  end_date: string | null;
  timezone: string;
  start_date_utc: string;
  end_date_utc: string | null;
  duration: number | null;
  updated_at: ColumnType<string, string | undefined, string | undefined>;
  hash: string;
}

export interface TecOccurrencesTable {
  occurrence_id: Generated<Id>;
  event_id: Id;
  post_id: Id;
  start_date: string;
  start_date_utc: string;
  end_date: string;
  end_date_utc: string;
  duration: number | null;
  hash: string;
  updated_at: ColumnType<string, string | undefined, string | undefined>;
}

export interface Database {
  posts: PostsTable;
  postmeta: PostmetaTable;
  terms: TermsTable;
  term_taxonomy: TermTaxonomyTable;
  term_relationships: TermRelationshipsTable;
  termmeta: TermmetaTable;
  users: UsersTable;
  usermeta: UsermetaTable;
  options: OptionsTable;
  tec_events: TecEventsTable;
  tec_occurrences: TecOccurrencesTable;
}

export type TableName = keyof Database;

/** Every table wpcal knows, in the order migrate creates them. */
export const TABLE_NAMES: readonly TableName[] = [
  'users', 'usermeta', 'options', 'posts', 'postmeta',
  'terms', 'term_taxonomy', 'term_relationships', 'termmeta',
  'tec_events', 'tec_occurrences',
];

/**
 * The tables that posts, their meta, terms and occurrences live in: what the list keys, search
 * matches and linked posts kept across requests are read from (Db.outsideVersion's 'posts').
 */
export const POST_TABLES: ReadonlySet<string> = new Set<TableName>([
  'posts', 'postmeta', 'terms', 'term_taxonomy', 'term_relationships', 'termmeta', 'tec_events', 'tec_occurrences',
]);

export type PostRow = Selectable<PostsTable>;
export type NewPost = Insertable<PostsTable>;
export type TermRow = Selectable<TermsTable>;
export type TermTaxonomyRow = Selectable<TermTaxonomyTable>;
export type UserRow = Selectable<UsersTable>;
