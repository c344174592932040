-- The SQL statements of src/data/table-discovery.ts, compiled for SQLite with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- listTables
SELECT
  name
FROM
  sqlite_master
WHERE
  type = 'table';

-- wordPressPrefixes
SELECT
  name
FROM
  sqlite_master
WHERE
  type = 'table';
