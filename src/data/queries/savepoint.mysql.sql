-- The SQL statements of src/data/savepoint.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- withSavepoint (part succeeds): BEGIN (transaction)

-- withSavepoint (part succeeds), statement 1 of 3
SAVEPOINT wpcal_part_N;

-- withSavepoint (part succeeds), statement 2 of 3
insert into
  `wp_postmeta` (`post_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?);
-- parameters: [12,"_EventCost","15"]

-- withSavepoint (part succeeds), statement 3 of 3
RELEASE SAVEPOINT wpcal_part_N;

-- withSavepoint (part succeeds): COMMIT (transaction)

-- withSavepoint (part fails): BEGIN (transaction)

-- withSavepoint (part fails), statement 1 of 3
SAVEPOINT wpcal_part_N;

-- withSavepoint (part fails), statement 2 of 3
insert into
  `wp_postmeta` (`post_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?);
-- parameters: [12,"_EventCost","15"]

-- withSavepoint (part fails), statement 3 of 3
ROLLBACK TO SAVEPOINT wpcal_part_N;

-- withSavepoint (part fails): ROLLBACK (transaction)

-- withSavepoint (part loses a lock race: no rollback to the savepoint): BEGIN (transaction)

-- withSavepoint (part loses a lock race: no rollback to the savepoint), statement 1 of 2
SAVEPOINT wpcal_part_N;

-- withSavepoint (part loses a lock race: no rollback to the savepoint), statement 2 of 2
insert into
  `wp_postmeta` (`post_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?);
-- parameters: [12,"_EventCost","15"]

-- withSavepoint (part loses a lock race: no rollback to the savepoint): ROLLBACK (transaction)
