-- The SQL statements of src/data/bulk-insert.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- insertRows (two rows in one statement): BEGIN (transaction)

-- insertRows (two rows in one statement)
/* queued */
insert into
  `wp_postmeta` (`post_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?),
  (?, ?, ?);
-- parameters: [12,"_EventCost","15",13,"_EventCost","20"]

-- insertRows (two rows in one statement): COMMIT (transaction)

-- insertNumberedRows (two rows numbered by the database): BEGIN (transaction)

-- insertNumberedRows (two rows numbered by the database)
insert into
  `wp_terms` (`name`, `slug`, `term_group`)
values
  (?, ?, ?),
  (?, ?, ?);
-- parameters: ["Jazz","jazz",0,"Blues","blues",0]

-- insertNumberedRows (two rows numbered by the database): COMMIT (transaction)
