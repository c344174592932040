-- The tables of mysql.sql in SQLite form. `{prefix}` is replaced by the table prefix.
-- Every statement ends with `;` at the end of a line.
-- AUTOINCREMENT because WordPress never reuses an ID. COLLATE NOCASE on the columns WordPress
-- looks up relying on MySQL's case-insensitive collation. Index names are global in SQLite, so
-- each MySQL key `k` of table `t` becomes the index `{prefix}t_k`.

CREATE TABLE IF NOT EXISTS "{prefix}users" (
  "ID" INTEGER PRIMARY KEY AUTOINCREMENT,
  "user_login" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "user_pass" TEXT NOT NULL DEFAULT '',
  "user_nicename" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "user_email" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "user_url" TEXT NOT NULL DEFAULT '',
  "user_registered" TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',
  "user_activation_key" TEXT NOT NULL DEFAULT '',
  "user_status" INTEGER NOT NULL DEFAULT 0,
  "display_name" TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS "{prefix}users_user_login_key" ON "{prefix}users" ("user_login");
CREATE INDEX IF NOT EXISTS "{prefix}users_user_nicename" ON "{prefix}users" ("user_nicename");
CREATE INDEX IF NOT EXISTS "{prefix}users_user_email" ON "{prefix}users" ("user_email");

CREATE TABLE IF NOT EXISTS "{prefix}usermeta" (
  "umeta_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "user_id" INTEGER NOT NULL DEFAULT 0,
  "meta_key" TEXT DEFAULT NULL,
  "meta_value" TEXT DEFAULT NULL
);
CREATE INDEX IF NOT EXISTS "{prefix}usermeta_user_id" ON "{prefix}usermeta" ("user_id");
CREATE INDEX IF NOT EXISTS "{prefix}usermeta_meta_key" ON "{prefix}usermeta" ("meta_key");

CREATE TABLE IF NOT EXISTS "{prefix}options" (
  "option_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "option_name" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "option_value" TEXT NOT NULL,
  "autoload" TEXT NOT NULL DEFAULT 'yes'
);
CREATE UNIQUE INDEX IF NOT EXISTS "{prefix}options_option_name" ON "{prefix}options" ("option_name");
CREATE INDEX IF NOT EXISTS "{prefix}options_autoload" ON "{prefix}options" ("autoload");

CREATE TABLE IF NOT EXISTS "{prefix}posts" (
  "ID" INTEGER PRIMARY KEY AUTOINCREMENT,
  "post_author" INTEGER NOT NULL DEFAULT 0,
  "post_date" TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',
  "post_date_gmt" TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',
  "post_content" TEXT NOT NULL,
  "post_title" TEXT NOT NULL,
  "post_excerpt" TEXT NOT NULL,
  "post_status" TEXT NOT NULL DEFAULT 'publish',
  "comment_status" TEXT NOT NULL DEFAULT 'open',
  "ping_status" TEXT NOT NULL DEFAULT 'open',
  "post_password" TEXT NOT NULL DEFAULT '',
  "post_name" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "to_ping" TEXT NOT NULL,
  "pinged" TEXT NOT NULL,
  "post_modified" TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',
  "post_modified_gmt" TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',
  "post_content_filtered" TEXT NOT NULL,
  "post_parent" INTEGER NOT NULL DEFAULT 0,
  "guid" TEXT NOT NULL DEFAULT '',
  "menu_order" INTEGER NOT NULL DEFAULT 0,
  "post_type" TEXT NOT NULL DEFAULT 'post',
  "post_mime_type" TEXT NOT NULL DEFAULT '',
  "comment_count" INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS "{prefix}posts_post_name" ON "{prefix}posts" ("post_name");
CREATE INDEX IF NOT EXISTS "{prefix}posts_type_status_date" ON "{prefix}posts" ("post_type", "post_status", "post_date", "ID");
CREATE INDEX IF NOT EXISTS "{prefix}posts_post_parent" ON "{prefix}posts" ("post_parent");
CREATE INDEX IF NOT EXISTS "{prefix}posts_post_author" ON "{prefix}posts" ("post_author");

CREATE TABLE IF NOT EXISTS "{prefix}postmeta" (
  "meta_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "post_id" INTEGER NOT NULL DEFAULT 0,
  "meta_key" TEXT DEFAULT NULL,
  "meta_value" TEXT DEFAULT NULL
);
CREATE INDEX IF NOT EXISTS "{prefix}postmeta_post_id" ON "{prefix}postmeta" ("post_id");
CREATE INDEX IF NOT EXISTS "{prefix}postmeta_meta_key" ON "{prefix}postmeta" ("meta_key");

CREATE TABLE IF NOT EXISTS "{prefix}terms" (
  "term_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "name" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "slug" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "term_group" INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS "{prefix}terms_slug" ON "{prefix}terms" ("slug");
CREATE INDEX IF NOT EXISTS "{prefix}terms_name" ON "{prefix}terms" ("name");

CREATE TABLE IF NOT EXISTS "{prefix}term_taxonomy" (
  "term_taxonomy_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "term_id" INTEGER NOT NULL DEFAULT 0,
  "taxonomy" TEXT NOT NULL DEFAULT '',
  "description" TEXT NOT NULL,
  "parent" INTEGER NOT NULL DEFAULT 0,
  "count" INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS "{prefix}term_taxonomy_term_id_taxonomy" ON "{prefix}term_taxonomy" ("term_id", "taxonomy");
CREATE INDEX IF NOT EXISTS "{prefix}term_taxonomy_taxonomy" ON "{prefix}term_taxonomy" ("taxonomy");

CREATE TABLE IF NOT EXISTS "{prefix}term_relationships" (
  "object_id" INTEGER NOT NULL DEFAULT 0,
  "term_taxonomy_id" INTEGER NOT NULL DEFAULT 0,
  "term_order" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("object_id", "term_taxonomy_id")
);
CREATE INDEX IF NOT EXISTS "{prefix}term_relationships_term_taxonomy_id" ON "{prefix}term_relationships" ("term_taxonomy_id");

CREATE TABLE IF NOT EXISTS "{prefix}termmeta" (
  "meta_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "term_id" INTEGER NOT NULL DEFAULT 0,
  "meta_key" TEXT DEFAULT NULL,
  "meta_value" TEXT DEFAULT NULL
);
CREATE INDEX IF NOT EXISTS "{prefix}termmeta_term_id" ON "{prefix}termmeta" ("term_id");
CREATE INDEX IF NOT EXISTS "{prefix}termmeta_meta_key" ON "{prefix}termmeta" ("meta_key");

-- SQLite has no ON UPDATE: code that rewrites a row sets `updated_at` itself.
CREATE TABLE IF NOT EXISTS "{prefix}tec_events" (
  "event_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "post_id" INTEGER NOT NULL,
  "start_date" TEXT NOT NULL,
  "end_date" TEXT DEFAULT NULL,
  "timezone" TEXT NOT NULL DEFAULT 'UTC',
  "start_date_utc" TEXT NOT NULL,
  "end_date_utc" TEXT DEFAULT NULL,
  "duration" INTEGER DEFAULT 7200,
  "updated_at" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "hash" TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS "{prefix}tec_events_post_id" ON "{prefix}tec_events" ("post_id");

CREATE TABLE IF NOT EXISTS "{prefix}tec_occurrences" (
  "occurrence_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "event_id" INTEGER NOT NULL,
  "post_id" INTEGER NOT NULL,
  "start_date" TEXT NOT NULL,
  "start_date_utc" TEXT NOT NULL,
  "end_date" TEXT NOT NULL,
  "end_date_utc" TEXT NOT NULL,
  "duration" INTEGER DEFAULT 7200,
  "hash" TEXT NOT NULL,
  "updated_at" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX IF NOT EXISTS "{prefix}tec_occurrences_event_id" ON "{prefix}tec_occurrences" ("event_id");
CREATE UNIQUE INDEX IF NOT EXISTS "{prefix}tec_occurrences_hash" ON "{prefix}tec_occurrences" ("hash");
CREATE INDEX IF NOT EXISTS "{prefix}tec_occurrences_idx_{prefix}tec_occurrences_post_id_dates" ON "{prefix}tec_occurrences" ("post_id", "end_date", "start_date");
CREATE INDEX IF NOT EXISTS "{prefix}tec_occurrences_idx_{prefix}tec_occurrences_post_id_dates_utc" ON "{prefix}tec_occurrences" ("post_id", "end_date_utc", "start_date_utc");
CREATE INDEX IF NOT EXISTS "{prefix}tec_occurrences_idx_{prefix}tec_occurrences_start_date" ON "{prefix}tec_occurrences" ("start_date");
CREATE INDEX IF NOT EXISTS "{prefix}tec_occurrences_idx_{prefix}tec_occurrences_start_date_utc" ON "{prefix}tec_occurrences" ("start_date_utc");
CREATE INDEX IF NOT EXISTS "{prefix}tec_occurrences_idx_{prefix}tec_occurrences_end_date_utc" ON "{prefix}tec_occurrences" ("end_date_utc");
