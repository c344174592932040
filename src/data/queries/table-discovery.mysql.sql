-- The SQL statements of src/data/table-discovery.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- listTables
SELECT
  TABLE_NAME AS name
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE();

-- wordPressPrefixes
SELECT
  TABLE_NAME AS name
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE();
