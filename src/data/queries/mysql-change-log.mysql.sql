-- The SQL statements of src/data/mysql-change-log.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- createChangeLog (no trigger yet), statement 1 of 35
CREATE TABLE IF NOT EXISTS `wp_wpcal_changes` (
    `seq` BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    `table_name` VARCHAR(32) NOT NULL,
    `post_id` BIGINT UNSIGNED NULL,
    `term_taxonomy_id` BIGINT UNSIGNED NULL,
    `term_id` BIGINT UNSIGNED NULL,
    `writer` VARCHAR(36) NULL,
    `logged_at` TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
  ) ENGINE=InnoDB;

-- createChangeLog (no trigger yet), statement 2 of 35
SELECT
  TRIGGER_NAME AS name
FROM
  information_schema.TRIGGERS
WHERE
  TRIGGER_SCHEMA = DATABASE()
  AND TRIGGER_NAME LIKE ?;
-- parameters: ["wp\\_wpcal\\_changes\\_%"]

-- createChangeLog (no trigger yet), statement 3 of 35
CREATE TRIGGER `wp_wpcal_changes_users_insert` AFTER INSERT ON `wp_users` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('users', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 4 of 35
CREATE TRIGGER `wp_wpcal_changes_users_update` AFTER UPDATE ON `wp_users` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('users', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 5 of 35
CREATE TRIGGER `wp_wpcal_changes_users_delete` AFTER DELETE ON `wp_users` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('users', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 6 of 35
CREATE TRIGGER `wp_wpcal_changes_usermeta_insert` AFTER INSERT ON `wp_usermeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('usermeta', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 7 of 35
CREATE TRIGGER `wp_wpcal_changes_usermeta_update` AFTER UPDATE ON `wp_usermeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('usermeta', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 8 of 35
CREATE TRIGGER `wp_wpcal_changes_usermeta_delete` AFTER DELETE ON `wp_usermeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('usermeta', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 9 of 35
CREATE TRIGGER `wp_wpcal_changes_options_insert` AFTER INSERT ON `wp_options` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('options', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 10 of 35
CREATE TRIGGER `wp_wpcal_changes_options_update` AFTER UPDATE ON `wp_options` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('options', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 11 of 35
CREATE TRIGGER `wp_wpcal_changes_options_delete` AFTER DELETE ON `wp_options` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('options', NULL, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 12 of 35
CREATE TRIGGER `wp_wpcal_changes_posts_insert` AFTER INSERT ON `wp_posts` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('posts', NEW.`ID`, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 13 of 35
CREATE TRIGGER `wp_wpcal_changes_posts_update` AFTER UPDATE ON `wp_posts` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          IF OLD.`ID` <=> NEW.`ID` THEN INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('posts', NEW.`ID`, NULL, NULL, @wpcal_writer); ELSE INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('posts', OLD.`ID`, NULL, NULL, @wpcal_writer), ('posts', NEW.`ID`, NULL, NULL, @wpcal_writer); END IF;
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 14 of 35
CREATE TRIGGER `wp_wpcal_changes_posts_delete` AFTER DELETE ON `wp_posts` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('posts', OLD.`ID`, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 15 of 35
CREATE TRIGGER `wp_wpcal_changes_postmeta_insert` AFTER INSERT ON `wp_postmeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('postmeta', NEW.`post_id`, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 16 of 35
CREATE TRIGGER `wp_wpcal_changes_postmeta_update` AFTER UPDATE ON `wp_postmeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          IF OLD.`post_id` <=> NEW.`post_id` THEN INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('postmeta', NEW.`post_id`, NULL, NULL, @wpcal_writer); ELSE INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('postmeta', OLD.`post_id`, NULL, NULL, @wpcal_writer), ('postmeta', NEW.`post_id`, NULL, NULL, @wpcal_writer); END IF;
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 17 of 35
CREATE TRIGGER `wp_wpcal_changes_postmeta_delete` AFTER DELETE ON `wp_postmeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('postmeta', OLD.`post_id`, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 18 of 35
CREATE TRIGGER `wp_wpcal_changes_terms_insert` AFTER INSERT ON `wp_terms` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('terms', NULL, NULL, NEW.`term_id`, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 19 of 35
CREATE TRIGGER `wp_wpcal_changes_terms_update` AFTER UPDATE ON `wp_terms` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          IF OLD.`term_id` <=> NEW.`term_id` THEN INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('terms', NULL, NULL, NEW.`term_id`, @wpcal_writer); ELSE INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('terms', NULL, NULL, OLD.`term_id`, @wpcal_writer), ('terms', NULL, NULL, NEW.`term_id`, @wpcal_writer); END IF;
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 20 of 35
CREATE TRIGGER `wp_wpcal_changes_terms_delete` AFTER DELETE ON `wp_terms` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('terms', NULL, NULL, OLD.`term_id`, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 21 of 35
CREATE TRIGGER `wp_wpcal_changes_term_taxonomy_insert` AFTER INSERT ON `wp_term_taxonomy` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('term_taxonomy', NULL, NEW.`term_taxonomy_id`, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 22 of 35
CREATE TRIGGER `wp_wpcal_changes_term_taxonomy_update` AFTER UPDATE ON `wp_term_taxonomy` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          IF OLD.`term_taxonomy_id` <=> NEW.`term_taxonomy_id` THEN INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('term_taxonomy', NULL, NEW.`term_taxonomy_id`, NULL, @wpcal_writer); ELSE INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('term_taxonomy', NULL, OLD.`term_taxonomy_id`, NULL, @wpcal_writer), ('term_taxonomy', NULL, NEW.`term_taxonomy_id`, NULL, @wpcal_writer); END IF;
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 23 of 35
CREATE TRIGGER `wp_wpcal_changes_term_taxonomy_delete` AFTER DELETE ON `wp_term_taxonomy` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('term_taxonomy', NULL, OLD.`term_taxonomy_id`, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 24 of 35
CREATE TRIGGER `wp_wpcal_changes_term_relationships_insert` AFTER INSERT ON `wp_term_relationships` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('term_relationships', NEW.`object_id`, NEW.`term_taxonomy_id`, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 25 of 35
CREATE TRIGGER `wp_wpcal_changes_term_relationships_update` AFTER UPDATE ON `wp_term_relationships` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          IF OLD.`object_id` <=> NEW.`object_id` AND OLD.`term_taxonomy_id` <=> NEW.`term_taxonomy_id` THEN INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('term_relationships', NEW.`object_id`, NEW.`term_taxonomy_id`, NULL, @wpcal_writer); ELSE INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('term_relationships', OLD.`object_id`, OLD.`term_taxonomy_id`, NULL, @wpcal_writer), ('term_relationships', NEW.`object_id`, NEW.`term_taxonomy_id`, NULL, @wpcal_writer); END IF;
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 26 of 35
CREATE TRIGGER `wp_wpcal_changes_term_relationships_delete` AFTER DELETE ON `wp_term_relationships` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('term_relationships', OLD.`object_id`, OLD.`term_taxonomy_id`, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 27 of 35
CREATE TRIGGER `wp_wpcal_changes_termmeta_insert` AFTER INSERT ON `wp_termmeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('termmeta', NULL, NULL, NEW.`term_id`, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 28 of 35
CREATE TRIGGER `wp_wpcal_changes_termmeta_update` AFTER UPDATE ON `wp_termmeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          IF OLD.`term_id` <=> NEW.`term_id` THEN INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('termmeta', NULL, NULL, NEW.`term_id`, @wpcal_writer); ELSE INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('termmeta', NULL, NULL, OLD.`term_id`, @wpcal_writer), ('termmeta', NULL, NULL, NEW.`term_id`, @wpcal_writer); END IF;
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 29 of 35
CREATE TRIGGER `wp_wpcal_changes_termmeta_delete` AFTER DELETE ON `wp_termmeta` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('termmeta', NULL, NULL, OLD.`term_id`, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 30 of 35
CREATE TRIGGER `wp_wpcal_changes_tec_events_insert` AFTER INSERT ON `wp_tec_events` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('tec_events', NEW.`post_id`, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 31 of 35
CREATE TRIGGER `wp_wpcal_changes_tec_events_update` AFTER UPDATE ON `wp_tec_events` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          IF OLD.`post_id` <=> NEW.`post_id` THEN INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('tec_events', NEW.`post_id`, NULL, NULL, @wpcal_writer); ELSE INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('tec_events', OLD.`post_id`, NULL, NULL, @wpcal_writer), ('tec_events', NEW.`post_id`, NULL, NULL, @wpcal_writer); END IF;
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 32 of 35
CREATE TRIGGER `wp_wpcal_changes_tec_events_delete` AFTER DELETE ON `wp_tec_events` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('tec_events', OLD.`post_id`, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 33 of 35
CREATE TRIGGER `wp_wpcal_changes_tec_occurrences_insert` AFTER INSERT ON `wp_tec_occurrences` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('tec_occurrences', NEW.`post_id`, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 34 of 35
CREATE TRIGGER `wp_wpcal_changes_tec_occurrences_update` AFTER UPDATE ON `wp_tec_occurrences` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          IF OLD.`post_id` <=> NEW.`post_id` THEN INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('tec_occurrences', NEW.`post_id`, NULL, NULL, @wpcal_writer); ELSE INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('tec_occurrences', OLD.`post_id`, NULL, NULL, @wpcal_writer), ('tec_occurrences', NEW.`post_id`, NULL, NULL, @wpcal_writer); END IF;
        END IF;
      END;

-- createChangeLog (no trigger yet), statement 35 of 35
CREATE TRIGGER `wp_wpcal_changes_tec_occurrences_delete` AFTER DELETE ON `wp_tec_occurrences` FOR EACH ROW
      BEGIN
        IF @wpcal_quiet IS NULL THEN
          INSERT INTO `wp_wpcal_changes` (`table_name`, `post_id`, `term_taxonomy_id`, `term_id`, `writer`) VALUES ('tec_occurrences', OLD.`post_id`, NULL, NULL, @wpcal_writer);
        END IF;
      END;

-- dropChangeLog (a trigger and the log), statement 1 of 3
SELECT
  TRIGGER_NAME AS name
FROM
  information_schema.TRIGGERS
WHERE
  TRIGGER_SCHEMA = DATABASE()
  AND TRIGGER_NAME LIKE ?;
-- parameters: ["wp\\_wpcal\\_changes\\_%"]

-- dropChangeLog (a trigger and the log), statement 2 of 3
DROP TRIGGER IF EXISTS `wp_wpcal_changes_posts_insert`;

-- dropChangeLog (a trigger and the log), statement 3 of 3
SELECT
  1
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE()
  AND TABLE_NAME = ?;
-- parameters: ["wp_wpcal_changes"]

-- triggerDefiners
SELECT DISTINCT
  DEFINER AS definer
FROM
  information_schema.TRIGGERS
WHERE
  TRIGGER_SCHEMA = DATABASE()
  AND TRIGGER_NAME LIKE ?
ORDER BY
  definer;
-- parameters: ["wp\\_wpcal\\_changes\\_%"]

-- hasChangeLog (the log, no trigger), statement 1 of 2
SELECT
  1
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE()
  AND TABLE_NAME = ?;
-- parameters: ["wp_wpcal_changes"]

-- hasChangeLog (the log, no trigger), statement 2 of 2
SELECT
  TRIGGER_NAME AS name
FROM
  information_schema.TRIGGERS
WHERE
  TRIGGER_SCHEMA = DATABASE()
  AND TRIGGER_NAME LIKE ?;
-- parameters: ["wp\\_wpcal\\_changes\\_%"]

-- beginQuiet: BEGIN (transaction)

-- beginQuiet
SET
  @wpcal_quiet = 1;

-- beginQuiet: COMMIT (transaction)

-- unquiet: BEGIN (transaction)

-- unquiet
SET
  @wpcal_quiet = NULL;

-- unquiet: COMMIT (transaction)

-- endQuiet: BEGIN (transaction)

-- endQuiet, statement 1 of 2
SELECT
  1
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE()
  AND TABLE_NAME = ?;
-- parameters: ["wp_wpcal_changes"]

-- endQuiet, statement 2 of 2
INSERT INTO
  `wp_wpcal_changes` (`table_name`, `writer`)
VALUES
  ('*', @wpcal_writer);

-- endQuiet: COMMIT (transaction)

-- pruneChangeLog: BEGIN (transaction)

-- pruneChangeLog
DELETE FROM `wp_wpcal_changes`
WHERE
  `seq` <= 4800
  AND `logged_at` < NOW() - INTERVAL 3600 SECOND
ORDER BY
  `seq`
LIMIT
  5000;

-- pruneChangeLog: COMMIT (transaction)

-- changeLogRows (the triggers counted), statement 1 of 3
SELECT
  COUNT(*) AS triggers,
  CAST(MAX(CREATED) AS CHAR) AS created
FROM
  information_schema.TRIGGERS
WHERE
  TRIGGER_SCHEMA = DATABASE()
  AND TRIGGER_NAME LIKE ?;
-- parameters: ["wp\\_wpcal\\_changes\\_%"]

-- changeLogRows (the triggers counted), statement 2 of 3
SELECT
  CAST(NOW() AS CHAR) AS now,
  (
    SELECT
      MAX(seq)
    FROM
      `wp_wpcal_changes`
  ) AS highest,
  CAST(
    (
      SELECT
        logged_at
      FROM
        `wp_wpcal_changes`
      ORDER BY
        seq
      LIMIT
        1
    ) AS CHAR
  ) AS oldest;

-- changeLogRows (the triggers counted), statement 3 of 3
SELECT
  seq,
  table_name,
  post_id,
  term_taxonomy_id,
  term_id
FROM
  `wp_wpcal_changes`
WHERE
  seq > ?
  AND NOT (writer <=> ?)
ORDER BY
  seq
LIMIT
  ?;
-- parameters: [100,"a-writer",5001]

-- changeLogRows (the rows alone, a term's among them), statement 1 of 3
SELECT
  CAST(NOW() AS CHAR) AS now,
  (
    SELECT
      MAX(seq)
    FROM
      `wp_wpcal_changes`
  ) AS highest,
  CAST(
    (
      SELECT
        logged_at
      FROM
        `wp_wpcal_changes`
      ORDER BY
        seq
      LIMIT
        1
    ) AS CHAR
  ) AS oldest;

-- changeLogRows (the rows alone, a term's among them), statement 2 of 3
SELECT
  seq,
  table_name,
  post_id,
  term_taxonomy_id,
  term_id
FROM
  `wp_wpcal_changes`
WHERE
  seq > ?
  AND NOT (writer <=> ?)
ORDER BY
  seq
LIMIT
  ?;
-- parameters: [100,"a-writer",5001]

-- changeLogRows (the rows alone, a term's among them), statement 3 of 3
select
  `term_id`,
  `term_taxonomy_id`
from
  `wp_term_taxonomy`
where
  `term_id` in (?);
-- parameters: [5]
