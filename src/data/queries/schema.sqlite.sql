-- The SQL statements of src/data/schema.ts, compiled for SQLite with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- tableExists
SELECT
  name
FROM
  sqlite_master
WHERE
  type = 'table';

-- ensureSchema (empty database), statement 1 of 77
SELECT
  name
FROM
  sqlite_master
WHERE
  type = 'table';

-- ensureSchema (empty database), statement 2 of 77
SELECT
  tbl_name AS tableName,
  name
FROM
  sqlite_master
WHERE
  type = 'index';

-- ensureSchema (empty database), statement 3 of 77
CREATE TABLE IF NOT EXISTS "wp_users" (
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

-- ensureSchema (empty database), statement 4 of 77
CREATE INDEX IF NOT EXISTS "wp_users_user_login_key" ON "wp_users" ("user_login");

-- ensureSchema (empty database), statement 5 of 77
CREATE INDEX IF NOT EXISTS "wp_users_user_nicename" ON "wp_users" ("user_nicename");

-- ensureSchema (empty database), statement 6 of 77
CREATE INDEX IF NOT EXISTS "wp_users_user_email" ON "wp_users" ("user_email");

-- ensureSchema (empty database), statement 7 of 77
CREATE TABLE IF NOT EXISTS "wp_usermeta" (
  "umeta_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "user_id" INTEGER NOT NULL DEFAULT 0,
  "meta_key" TEXT DEFAULT NULL,
  "meta_value" TEXT DEFAULT NULL
);

-- ensureSchema (empty database), statement 8 of 77
CREATE INDEX IF NOT EXISTS "wp_usermeta_user_id" ON "wp_usermeta" ("user_id");

-- ensureSchema (empty database), statement 9 of 77
CREATE INDEX IF NOT EXISTS "wp_usermeta_meta_key" ON "wp_usermeta" ("meta_key");

-- ensureSchema (empty database), statement 10 of 77
CREATE TABLE IF NOT EXISTS "wp_options" (
  "option_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "option_name" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "option_value" TEXT NOT NULL,
  "autoload" TEXT NOT NULL DEFAULT 'yes'
);

-- ensureSchema (empty database), statement 11 of 77
CREATE UNIQUE INDEX IF NOT EXISTS "wp_options_option_name" ON "wp_options" ("option_name");

-- ensureSchema (empty database), statement 12 of 77
CREATE INDEX IF NOT EXISTS "wp_options_autoload" ON "wp_options" ("autoload");

-- ensureSchema (empty database), statement 13 of 77
CREATE TABLE IF NOT EXISTS "wp_posts" (
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

-- ensureSchema (empty database), statement 14 of 77
CREATE INDEX IF NOT EXISTS "wp_posts_post_name" ON "wp_posts" ("post_name");

-- ensureSchema (empty database), statement 15 of 77
CREATE INDEX IF NOT EXISTS "wp_posts_type_status_date" ON "wp_posts" ("post_type", "post_status", "post_date", "ID");

-- ensureSchema (empty database), statement 16 of 77
CREATE INDEX IF NOT EXISTS "wp_posts_post_parent" ON "wp_posts" ("post_parent");

-- ensureSchema (empty database), statement 17 of 77
CREATE INDEX IF NOT EXISTS "wp_posts_post_author" ON "wp_posts" ("post_author");

-- ensureSchema (empty database), statement 18 of 77
CREATE TABLE IF NOT EXISTS "wp_postmeta" (
  "meta_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "post_id" INTEGER NOT NULL DEFAULT 0,
  "meta_key" TEXT DEFAULT NULL,
  "meta_value" TEXT DEFAULT NULL
);

-- ensureSchema (empty database), statement 19 of 77
CREATE INDEX IF NOT EXISTS "wp_postmeta_post_id" ON "wp_postmeta" ("post_id");

-- ensureSchema (empty database), statement 20 of 77
CREATE INDEX IF NOT EXISTS "wp_postmeta_meta_key" ON "wp_postmeta" ("meta_key");

-- ensureSchema (empty database), statement 21 of 77
CREATE TABLE IF NOT EXISTS "wp_terms" (
  "term_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "name" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "slug" TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  "term_group" INTEGER NOT NULL DEFAULT 0
);

-- ensureSchema (empty database), statement 22 of 77
CREATE INDEX IF NOT EXISTS "wp_terms_slug" ON "wp_terms" ("slug");

-- ensureSchema (empty database), statement 23 of 77
CREATE INDEX IF NOT EXISTS "wp_terms_name" ON "wp_terms" ("name");

-- ensureSchema (empty database), statement 24 of 77
CREATE TABLE IF NOT EXISTS "wp_term_taxonomy" (
  "term_taxonomy_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "term_id" INTEGER NOT NULL DEFAULT 0,
  "taxonomy" TEXT NOT NULL DEFAULT '',
  "description" TEXT NOT NULL,
  "parent" INTEGER NOT NULL DEFAULT 0,
  "count" INTEGER NOT NULL DEFAULT 0
);

-- ensureSchema (empty database), statement 25 of 77
CREATE UNIQUE INDEX IF NOT EXISTS "wp_term_taxonomy_term_id_taxonomy" ON "wp_term_taxonomy" ("term_id", "taxonomy");

-- ensureSchema (empty database), statement 26 of 77
CREATE INDEX IF NOT EXISTS "wp_term_taxonomy_taxonomy" ON "wp_term_taxonomy" ("taxonomy");

-- ensureSchema (empty database), statement 27 of 77
CREATE TABLE IF NOT EXISTS "wp_term_relationships" (
  "object_id" INTEGER NOT NULL DEFAULT 0,
  "term_taxonomy_id" INTEGER NOT NULL DEFAULT 0,
  "term_order" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("object_id", "term_taxonomy_id")
);

-- ensureSchema (empty database), statement 28 of 77
CREATE INDEX IF NOT EXISTS "wp_term_relationships_term_taxonomy_id" ON "wp_term_relationships" ("term_taxonomy_id");

-- ensureSchema (empty database), statement 29 of 77
CREATE TABLE IF NOT EXISTS "wp_termmeta" (
  "meta_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "term_id" INTEGER NOT NULL DEFAULT 0,
  "meta_key" TEXT DEFAULT NULL,
  "meta_value" TEXT DEFAULT NULL
);

-- ensureSchema (empty database), statement 30 of 77
CREATE INDEX IF NOT EXISTS "wp_termmeta_term_id" ON "wp_termmeta" ("term_id");

-- ensureSchema (empty database), statement 31 of 77
CREATE INDEX IF NOT EXISTS "wp_termmeta_meta_key" ON "wp_termmeta" ("meta_key");

-- ensureSchema (empty database), statement 32 of 77
CREATE TABLE IF NOT EXISTS "wp_tec_events" (
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

-- ensureSchema (empty database), statement 33 of 77
CREATE UNIQUE INDEX IF NOT EXISTS "wp_tec_events_post_id" ON "wp_tec_events" ("post_id");

-- ensureSchema (empty database), statement 34 of 77
CREATE TABLE IF NOT EXISTS "wp_tec_occurrences" (
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

-- ensureSchema (empty database), statement 35 of 77
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_event_id" ON "wp_tec_occurrences" ("event_id");

-- ensureSchema (empty database), statement 36 of 77
CREATE UNIQUE INDEX IF NOT EXISTS "wp_tec_occurrences_hash" ON "wp_tec_occurrences" ("hash");

-- ensureSchema (empty database), statement 37 of 77
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_post_id_dates" ON "wp_tec_occurrences" ("post_id", "end_date", "start_date");

-- ensureSchema (empty database), statement 38 of 77
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_post_id_dates_utc" ON "wp_tec_occurrences" ("post_id", "end_date_utc", "start_date_utc");

-- ensureSchema (empty database), statement 39 of 77
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_start_date" ON "wp_tec_occurrences" ("start_date");

-- ensureSchema (empty database), statement 40 of 77
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_start_date_utc" ON "wp_tec_occurrences" ("start_date_utc");

-- ensureSchema (empty database), statement 41 of 77
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_end_date_utc" ON "wp_tec_occurrences" ("end_date_utc");

-- ensureSchema (empty database), statement 42 of 77
SELECT
  type,
  name
FROM
  sqlite_master
WHERE
  type IN ('table', 'trigger');

-- ensureSchema (empty database), statement 43 of 77
CREATE TABLE IF NOT EXISTS "wp_wpcal_changes" (
      "seq" INTEGER PRIMARY KEY AUTOINCREMENT,
      "table_name" TEXT NOT NULL,
      "post_id" INTEGER,
      "term_taxonomy_id" INTEGER
    );

-- ensureSchema (empty database), statement 44 of 77
SELECT
  1
FROM
  "wp_wpcal_changes"
WHERE
  "seq" = 0;

-- ensureSchema (empty database), statement 45 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_insert" AFTER INSERT ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL; END;

-- ensureSchema (empty database), statement 46 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_update" AFTER UPDATE ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL UNION SELECT 'users', NULL, NULL; END;

-- ensureSchema (empty database), statement 47 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_delete" AFTER DELETE ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL; END;

-- ensureSchema (empty database), statement 48 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_insert" AFTER INSERT ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL; END;

-- ensureSchema (empty database), statement 49 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_update" AFTER UPDATE ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL UNION SELECT 'usermeta', NULL, NULL; END;

-- ensureSchema (empty database), statement 50 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_delete" AFTER DELETE ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL; END;

-- ensureSchema (empty database), statement 51 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_insert" AFTER INSERT ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL; END;

-- ensureSchema (empty database), statement 52 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_update" AFTER UPDATE ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL UNION SELECT 'options', NULL, NULL; END;

-- ensureSchema (empty database), statement 53 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_delete" AFTER DELETE ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL; END;

-- ensureSchema (empty database), statement 54 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_insert" AFTER INSERT ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', NEW."ID", NULL; END;

-- ensureSchema (empty database), statement 55 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_update" AFTER UPDATE ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', OLD."ID", NULL UNION SELECT 'posts', NEW."ID", NULL; END;

-- ensureSchema (empty database), statement 56 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_delete" AFTER DELETE ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', OLD."ID", NULL; END;

-- ensureSchema (empty database), statement 57 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_insert" AFTER INSERT ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', NEW."post_id", NULL; END;

-- ensureSchema (empty database), statement 58 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_update" AFTER UPDATE ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', OLD."post_id", NULL UNION SELECT 'postmeta', NEW."post_id", NULL; END;

-- ensureSchema (empty database), statement 59 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_delete" AFTER DELETE ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', OLD."post_id", NULL; END;

-- ensureSchema (empty database), statement 60 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_insert" AFTER INSERT ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureSchema (empty database), statement 61 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_update" AFTER UPDATE ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id") UNION SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureSchema (empty database), statement 62 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_delete" AFTER DELETE ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id"); END;

-- ensureSchema (empty database), statement 63 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_insert" AFTER INSERT ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, NEW."term_taxonomy_id"; END;

-- ensureSchema (empty database), statement 64 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_update" AFTER UPDATE ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, OLD."term_taxonomy_id" UNION SELECT 'term_taxonomy', NULL, NEW."term_taxonomy_id"; END;

-- ensureSchema (empty database), statement 65 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_delete" AFTER DELETE ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, OLD."term_taxonomy_id"; END;

-- ensureSchema (empty database), statement 66 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_insert" AFTER INSERT ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', NEW."object_id", NEW."term_taxonomy_id"; END;

-- ensureSchema (empty database), statement 67 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_update" AFTER UPDATE ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', OLD."object_id", OLD."term_taxonomy_id" UNION SELECT 'term_relationships', NEW."object_id", NEW."term_taxonomy_id"; END;

-- ensureSchema (empty database), statement 68 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_delete" AFTER DELETE ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', OLD."object_id", OLD."term_taxonomy_id"; END;

-- ensureSchema (empty database), statement 69 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_insert" AFTER INSERT ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureSchema (empty database), statement 70 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_update" AFTER UPDATE ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id") UNION SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureSchema (empty database), statement 71 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_delete" AFTER DELETE ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id"); END;

-- ensureSchema (empty database), statement 72 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_insert" AFTER INSERT ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', NEW."post_id", NULL; END;

-- ensureSchema (empty database), statement 73 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_update" AFTER UPDATE ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', OLD."post_id", NULL UNION SELECT 'tec_events', NEW."post_id", NULL; END;

-- ensureSchema (empty database), statement 74 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_delete" AFTER DELETE ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', OLD."post_id", NULL; END;

-- ensureSchema (empty database), statement 75 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_insert" AFTER INSERT ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', NEW."post_id", NULL; END;

-- ensureSchema (empty database), statement 76 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_update" AFTER UPDATE ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', OLD."post_id", NULL UNION SELECT 'tec_occurrences', NEW."post_id", NULL; END;

-- ensureSchema (empty database), statement 77 of 77
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_delete" AFTER DELETE ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', OLD."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 1 of 66
SELECT
  name
FROM
  sqlite_master
WHERE
  type = 'table';

-- ensureSchema (every table present, no index), statement 2 of 66
SELECT
  tbl_name AS tableName,
  name
FROM
  sqlite_master
WHERE
  type = 'index';

-- ensureSchema (every table present, no index), statement 3 of 66
CREATE INDEX IF NOT EXISTS "wp_users_user_login_key" ON "wp_users" ("user_login");

-- ensureSchema (every table present, no index), statement 4 of 66
CREATE INDEX IF NOT EXISTS "wp_users_user_nicename" ON "wp_users" ("user_nicename");

-- ensureSchema (every table present, no index), statement 5 of 66
CREATE INDEX IF NOT EXISTS "wp_users_user_email" ON "wp_users" ("user_email");

-- ensureSchema (every table present, no index), statement 6 of 66
CREATE INDEX IF NOT EXISTS "wp_usermeta_user_id" ON "wp_usermeta" ("user_id");

-- ensureSchema (every table present, no index), statement 7 of 66
CREATE INDEX IF NOT EXISTS "wp_usermeta_meta_key" ON "wp_usermeta" ("meta_key");

-- ensureSchema (every table present, no index), statement 8 of 66
CREATE UNIQUE INDEX IF NOT EXISTS "wp_options_option_name" ON "wp_options" ("option_name");

-- ensureSchema (every table present, no index), statement 9 of 66
CREATE INDEX IF NOT EXISTS "wp_options_autoload" ON "wp_options" ("autoload");

-- ensureSchema (every table present, no index), statement 10 of 66
CREATE INDEX IF NOT EXISTS "wp_posts_post_name" ON "wp_posts" ("post_name");

-- ensureSchema (every table present, no index), statement 11 of 66
CREATE INDEX IF NOT EXISTS "wp_posts_type_status_date" ON "wp_posts" ("post_type", "post_status", "post_date", "ID");

-- ensureSchema (every table present, no index), statement 12 of 66
CREATE INDEX IF NOT EXISTS "wp_posts_post_parent" ON "wp_posts" ("post_parent");

-- ensureSchema (every table present, no index), statement 13 of 66
CREATE INDEX IF NOT EXISTS "wp_posts_post_author" ON "wp_posts" ("post_author");

-- ensureSchema (every table present, no index), statement 14 of 66
CREATE INDEX IF NOT EXISTS "wp_postmeta_post_id" ON "wp_postmeta" ("post_id");

-- ensureSchema (every table present, no index), statement 15 of 66
CREATE INDEX IF NOT EXISTS "wp_postmeta_meta_key" ON "wp_postmeta" ("meta_key");

-- ensureSchema (every table present, no index), statement 16 of 66
CREATE INDEX IF NOT EXISTS "wp_terms_slug" ON "wp_terms" ("slug");

-- ensureSchema (every table present, no index), statement 17 of 66
CREATE INDEX IF NOT EXISTS "wp_terms_name" ON "wp_terms" ("name");

-- ensureSchema (every table present, no index), statement 18 of 66
CREATE UNIQUE INDEX IF NOT EXISTS "wp_term_taxonomy_term_id_taxonomy" ON "wp_term_taxonomy" ("term_id", "taxonomy");

-- ensureSchema (every table present, no index), statement 19 of 66
CREATE INDEX IF NOT EXISTS "wp_term_taxonomy_taxonomy" ON "wp_term_taxonomy" ("taxonomy");

-- ensureSchema (every table present, no index), statement 20 of 66
CREATE INDEX IF NOT EXISTS "wp_term_relationships_term_taxonomy_id" ON "wp_term_relationships" ("term_taxonomy_id");

-- ensureSchema (every table present, no index), statement 21 of 66
CREATE INDEX IF NOT EXISTS "wp_termmeta_term_id" ON "wp_termmeta" ("term_id");

-- ensureSchema (every table present, no index), statement 22 of 66
CREATE INDEX IF NOT EXISTS "wp_termmeta_meta_key" ON "wp_termmeta" ("meta_key");

-- ensureSchema (every table present, no index), statement 23 of 66
CREATE UNIQUE INDEX IF NOT EXISTS "wp_tec_events_post_id" ON "wp_tec_events" ("post_id");

-- ensureSchema (every table present, no index), statement 24 of 66
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_event_id" ON "wp_tec_occurrences" ("event_id");

-- ensureSchema (every table present, no index), statement 25 of 66
CREATE UNIQUE INDEX IF NOT EXISTS "wp_tec_occurrences_hash" ON "wp_tec_occurrences" ("hash");

-- ensureSchema (every table present, no index), statement 26 of 66
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_post_id_dates" ON "wp_tec_occurrences" ("post_id", "end_date", "start_date");

-- ensureSchema (every table present, no index), statement 27 of 66
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_post_id_dates_utc" ON "wp_tec_occurrences" ("post_id", "end_date_utc", "start_date_utc");

-- ensureSchema (every table present, no index), statement 28 of 66
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_start_date" ON "wp_tec_occurrences" ("start_date");

-- ensureSchema (every table present, no index), statement 29 of 66
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_start_date_utc" ON "wp_tec_occurrences" ("start_date_utc");

-- ensureSchema (every table present, no index), statement 30 of 66
CREATE INDEX IF NOT EXISTS "wp_tec_occurrences_idx_wp_tec_occurrences_end_date_utc" ON "wp_tec_occurrences" ("end_date_utc");

-- ensureSchema (every table present, no index), statement 31 of 66
SELECT
  type,
  name
FROM
  sqlite_master
WHERE
  type IN ('table', 'trigger');

-- ensureSchema (every table present, no index), statement 32 of 66
CREATE TABLE IF NOT EXISTS "wp_wpcal_changes" (
      "seq" INTEGER PRIMARY KEY AUTOINCREMENT,
      "table_name" TEXT NOT NULL,
      "post_id" INTEGER,
      "term_taxonomy_id" INTEGER
    );

-- ensureSchema (every table present, no index), statement 33 of 66
SELECT
  1
FROM
  "wp_wpcal_changes"
WHERE
  "seq" = 0;

-- ensureSchema (every table present, no index), statement 34 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_insert" AFTER INSERT ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 35 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_update" AFTER UPDATE ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL UNION SELECT 'users', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 36 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_delete" AFTER DELETE ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 37 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_insert" AFTER INSERT ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 38 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_update" AFTER UPDATE ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL UNION SELECT 'usermeta', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 39 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_delete" AFTER DELETE ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 40 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_insert" AFTER INSERT ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 41 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_update" AFTER UPDATE ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL UNION SELECT 'options', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 42 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_delete" AFTER DELETE ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL; END;

-- ensureSchema (every table present, no index), statement 43 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_insert" AFTER INSERT ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', NEW."ID", NULL; END;

-- ensureSchema (every table present, no index), statement 44 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_update" AFTER UPDATE ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', OLD."ID", NULL UNION SELECT 'posts', NEW."ID", NULL; END;

-- ensureSchema (every table present, no index), statement 45 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_delete" AFTER DELETE ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', OLD."ID", NULL; END;

-- ensureSchema (every table present, no index), statement 46 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_insert" AFTER INSERT ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', NEW."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 47 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_update" AFTER UPDATE ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', OLD."post_id", NULL UNION SELECT 'postmeta', NEW."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 48 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_delete" AFTER DELETE ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', OLD."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 49 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_insert" AFTER INSERT ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureSchema (every table present, no index), statement 50 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_update" AFTER UPDATE ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id") UNION SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureSchema (every table present, no index), statement 51 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_delete" AFTER DELETE ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id"); END;

-- ensureSchema (every table present, no index), statement 52 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_insert" AFTER INSERT ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, NEW."term_taxonomy_id"; END;

-- ensureSchema (every table present, no index), statement 53 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_update" AFTER UPDATE ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, OLD."term_taxonomy_id" UNION SELECT 'term_taxonomy', NULL, NEW."term_taxonomy_id"; END;

-- ensureSchema (every table present, no index), statement 54 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_delete" AFTER DELETE ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, OLD."term_taxonomy_id"; END;

-- ensureSchema (every table present, no index), statement 55 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_insert" AFTER INSERT ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', NEW."object_id", NEW."term_taxonomy_id"; END;

-- ensureSchema (every table present, no index), statement 56 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_update" AFTER UPDATE ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', OLD."object_id", OLD."term_taxonomy_id" UNION SELECT 'term_relationships', NEW."object_id", NEW."term_taxonomy_id"; END;

-- ensureSchema (every table present, no index), statement 57 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_delete" AFTER DELETE ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', OLD."object_id", OLD."term_taxonomy_id"; END;

-- ensureSchema (every table present, no index), statement 58 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_insert" AFTER INSERT ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureSchema (every table present, no index), statement 59 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_update" AFTER UPDATE ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id") UNION SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureSchema (every table present, no index), statement 60 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_delete" AFTER DELETE ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id"); END;

-- ensureSchema (every table present, no index), statement 61 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_insert" AFTER INSERT ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', NEW."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 62 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_update" AFTER UPDATE ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', OLD."post_id", NULL UNION SELECT 'tec_events', NEW."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 63 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_delete" AFTER DELETE ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', OLD."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 64 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_insert" AFTER INSERT ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', NEW."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 65 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_update" AFTER UPDATE ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', OLD."post_id", NULL UNION SELECT 'tec_occurrences', NEW."post_id", NULL; END;

-- ensureSchema (every table present, no index), statement 66 of 66
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_delete" AFTER DELETE ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', OLD."post_id", NULL; END;
