-- The SQL statements of src/data/sqlite-change-log.ts, compiled for SQLite with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- ensureChangeLog (no trigger yet), statement 1 of 36
SELECT
  type,
  name
FROM
  sqlite_master
WHERE
  type IN ('table', 'trigger');

-- ensureChangeLog (no trigger yet), statement 2 of 36
CREATE TABLE IF NOT EXISTS "wp_wpcal_changes" (
      "seq" INTEGER PRIMARY KEY AUTOINCREMENT,
      "table_name" TEXT NOT NULL,
      "post_id" INTEGER,
      "term_taxonomy_id" INTEGER
    );

-- ensureChangeLog (no trigger yet), statement 3 of 36
SELECT
  1
FROM
  "wp_wpcal_changes"
WHERE
  "seq" = 0;

-- ensureChangeLog (no trigger yet), statement 4 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_insert" AFTER INSERT ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 5 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_update" AFTER UPDATE ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL UNION SELECT 'users', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 6 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_users_delete" AFTER DELETE ON "wp_users"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'users', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 7 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_insert" AFTER INSERT ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 8 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_update" AFTER UPDATE ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL UNION SELECT 'usermeta', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 9 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_usermeta_delete" AFTER DELETE ON "wp_usermeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'usermeta', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 10 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_insert" AFTER INSERT ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 11 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_update" AFTER UPDATE ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL UNION SELECT 'options', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 12 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_options_delete" AFTER DELETE ON "wp_options"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'options', NULL, NULL; END;

-- ensureChangeLog (no trigger yet), statement 13 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_insert" AFTER INSERT ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', NEW."ID", NULL; END;

-- ensureChangeLog (no trigger yet), statement 14 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_update" AFTER UPDATE ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', OLD."ID", NULL UNION SELECT 'posts', NEW."ID", NULL; END;

-- ensureChangeLog (no trigger yet), statement 15 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_posts_delete" AFTER DELETE ON "wp_posts"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'posts', OLD."ID", NULL; END;

-- ensureChangeLog (no trigger yet), statement 16 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_insert" AFTER INSERT ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', NEW."post_id", NULL; END;

-- ensureChangeLog (no trigger yet), statement 17 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_update" AFTER UPDATE ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', OLD."post_id", NULL UNION SELECT 'postmeta', NEW."post_id", NULL; END;

-- ensureChangeLog (no trigger yet), statement 18 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_postmeta_delete" AFTER DELETE ON "wp_postmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'postmeta', OLD."post_id", NULL; END;

-- ensureChangeLog (no trigger yet), statement 19 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_insert" AFTER INSERT ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureChangeLog (no trigger yet), statement 20 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_update" AFTER UPDATE ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id") UNION SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureChangeLog (no trigger yet), statement 21 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_terms_delete" AFTER DELETE ON "wp_terms"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'terms', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'terms', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id"); END;

-- ensureChangeLog (no trigger yet), statement 22 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_insert" AFTER INSERT ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, NEW."term_taxonomy_id"; END;

-- ensureChangeLog (no trigger yet), statement 23 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_update" AFTER UPDATE ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, OLD."term_taxonomy_id" UNION SELECT 'term_taxonomy', NULL, NEW."term_taxonomy_id"; END;

-- ensureChangeLog (no trigger yet), statement 24 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_taxonomy_delete" AFTER DELETE ON "wp_term_taxonomy"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_taxonomy', NULL, OLD."term_taxonomy_id"; END;

-- ensureChangeLog (no trigger yet), statement 25 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_insert" AFTER INSERT ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', NEW."object_id", NEW."term_taxonomy_id"; END;

-- ensureChangeLog (no trigger yet), statement 26 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_update" AFTER UPDATE ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', OLD."object_id", OLD."term_taxonomy_id" UNION SELECT 'term_relationships', NEW."object_id", NEW."term_taxonomy_id"; END;

-- ensureChangeLog (no trigger yet), statement 27 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_term_relationships_delete" AFTER DELETE ON "wp_term_relationships"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'term_relationships', OLD."object_id", OLD."term_taxonomy_id"; END;

-- ensureChangeLog (no trigger yet), statement 28 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_insert" AFTER INSERT ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureChangeLog (no trigger yet), statement 29 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_update" AFTER UPDATE ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id") UNION SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = NEW."term_id"); END;

-- ensureChangeLog (no trigger yet), statement 30 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_termmeta_delete" AFTER DELETE ON "wp_termmeta"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'termmeta', NULL, "term_taxonomy_id" FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id" UNION ALL SELECT 'termmeta', NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "wp_term_taxonomy" WHERE "term_id" = OLD."term_id"); END;

-- ensureChangeLog (no trigger yet), statement 31 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_insert" AFTER INSERT ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', NEW."post_id", NULL; END;

-- ensureChangeLog (no trigger yet), statement 32 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_update" AFTER UPDATE ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', OLD."post_id", NULL UNION SELECT 'tec_events', NEW."post_id", NULL; END;

-- ensureChangeLog (no trigger yet), statement 33 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_events_delete" AFTER DELETE ON "wp_tec_events"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_events', OLD."post_id", NULL; END;

-- ensureChangeLog (no trigger yet), statement 34 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_insert" AFTER INSERT ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', NEW."post_id", NULL; END;

-- ensureChangeLog (no trigger yet), statement 35 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_update" AFTER UPDATE ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', OLD."post_id", NULL UNION SELECT 'tec_occurrences', NEW."post_id", NULL; END;

-- ensureChangeLog (no trigger yet), statement 36 of 36
CREATE TRIGGER IF NOT EXISTS "wp_wpcal_changes_tec_occurrences_delete" AFTER DELETE ON "wp_tec_occurrences"
        WHEN NOT EXISTS (SELECT 1 FROM "wp_wpcal_changes" WHERE "seq" = 0)
        BEGIN INSERT INTO "wp_wpcal_changes" ("table_name", "post_id", "term_taxonomy_id") SELECT 'tec_occurrences', OLD."post_id", NULL; END;

-- beginQuiet: BEGIN (transaction)

-- beginQuiet, statement 1 of 2
SELECT
  1
FROM
  sqlite_master
WHERE
  type = 'table'
  AND name = ?;
-- parameters: ["wp_wpcal_changes"]

-- beginQuiet, statement 2 of 2
INSERT INTO
  "wp_wpcal_changes" ("seq", "table_name")
VALUES
  (0, '*');

-- beginQuiet: COMMIT (transaction)

-- endQuiet: BEGIN (transaction)

-- endQuiet, statement 1 of 3
SELECT
  1
FROM
  sqlite_master
WHERE
  type = 'table'
  AND name = ?;
-- parameters: ["wp_wpcal_changes"]

-- endQuiet, statement 2 of 3
DELETE FROM "wp_wpcal_changes"
WHERE
  "seq" = 0;

-- endQuiet, statement 3 of 3
INSERT INTO
  "wp_wpcal_changes" ("table_name")
VALUES
  ('*');

-- endQuiet: COMMIT (transaction)

-- pruneChangeLog: BEGIN (transaction)

-- pruneChangeLog
DELETE FROM "wp_wpcal_changes"
WHERE
  "seq" > 0
  AND "seq" <= 50000;

-- pruneChangeLog: COMMIT (transaction)
