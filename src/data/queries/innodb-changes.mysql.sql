-- The SQL statements of src/data/innodb-changes.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- commitCounterReader (MariaDB, every table InnoDB; then one read), statement 1 of 3
SHOW GLOBAL STATUS LIKE ?;
-- parameters: ["Innodb_max_trx_id"]

-- commitCounterReader (MariaDB, every table InnoDB; then one read), statement 2 of 3
SELECT
  COUNT(*) AS n
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE()
  AND TABLE_TYPE = 'BASE TABLE'
  AND ENGINE <> 'InnoDB'
  AND LEFT(TABLE_NAME, ?) = ?;
-- parameters: [3,"wp_"]

-- commitCounterReader (MariaDB, every table InnoDB; then one read), statement 3 of 3
SHOW GLOBAL STATUS LIKE ?;
-- parameters: ["Innodb_max_trx_id"]

-- commitCounterReader (no commit counter), statement 1 of 3
SHOW GLOBAL STATUS LIKE ?;
-- parameters: ["Innodb_max_trx_id"]

-- commitCounterReader (no commit counter), statement 2 of 3
SHOW GLOBAL STATUS LIKE ?;
-- parameters: ["Innodb_lsn_current"]

-- commitCounterReader (no commit counter), statement 3 of 3
SHOW GLOBAL STATUS LIKE ?;
-- parameters: ["Innodb_redo_log_current_lsn"]

-- tableTimesReader
SELECT
  CAST(NOW() AS CHAR) AS now,
  t.TABLE_NAME AS name,
  CAST(t.UPDATE_TIME AS CHAR) AS updated,
  t.TABLE_TYPE = 'BASE TABLE'
  AND t.ENGINE <> 'InnoDB' AS other
FROM
  (
    SELECT
      1 AS one
  ) AS clock
  LEFT JOIN information_schema.TABLES AS t ON t.TABLE_SCHEMA = DATABASE()
  AND LEFT(t.TABLE_NAME, ?) = ?;
-- parameters: [3,"wp_"]

-- oldestOpenTransactionReader, statement 1 of 3
START TRANSACTION
WITH
  CONSISTENT SNAPSHOT;

-- oldestOpenTransactionReader, statement 2 of 3
SELECT
  /* wpcal-open-transactions 1; */
  CAST(
    CONVERT_TZ(
      MIN(
        CASE
          WHEN trx_mysql_thread_id <> CONNECTION_ID() THEN trx_started
        END
      ),
      'SYSTEM',
      @@session.time_zone
    ) AS CHAR
  ) AS oldest,
  SUM(trx_mysql_thread_id <> CONNECTION_ID()) AS open,
  CAST(
    CONVERT_TZ(
      MIN(
        CASE
          WHEN trx_mysql_thread_id <> CONNECTION_ID()
          AND (
            trx_rows_modified > 0
            OR trx_lock_structs > 0
          ) THEN trx_started
        END
      ),
      'SYSTEM',
      @@session.time_zone
    ) AS CHAR
  ) AS writing,
  SUM(
    trx_mysql_thread_id <> CONNECTION_ID()
    AND (
      trx_rows_modified > 0
      OR trx_lock_structs > 0
    )
  ) AS writers,
  SUM(
    trx_mysql_thread_id = CONNECTION_ID()
    AND LOCATE(?, trx_query) > 0
  ) AS current
FROM
  information_schema.INNODB_TRX
WHERE
  trx_autocommit_non_locking = 0;
-- parameters: ["wpcal-open-transactions 1;"]

-- oldestOpenTransactionReader, statement 3 of 3
COMMIT;
