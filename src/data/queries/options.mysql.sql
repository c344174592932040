-- The SQL statements of src/data/options.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- getOptions
select
  `option_name`,
  `option_value`
from
  `wp_options`
where
  `option_name` in (?, ?, ?);
-- parameters: ["home","timezone_string","gmt_offset"]

-- getOption
select
  `option_name`,
  `option_value`
from
  `wp_options`
where
  `option_name` in (?);
-- parameters: ["home"]

-- queueSetOption: BEGIN (transaction)

-- queueSetOption, statement 1 of 2
/* queued */
insert ignore into
  `wp_options` (`option_name`, `option_value`, `autoload`)
select
  ? as `option_name`,
  ? as `option_value`,
  ? as `autoload`
from
  (
    SELECT
      1 AS one
  ) as `one`
where
  not exists (
    select
      `option_id`
    from
      `wp_options`
    where
      `option_name` = ?
  );
-- parameters: ["tribe_last_save_post","1772366400.1234","yes","tribe_last_save_post"]

-- queueSetOption, statement 2 of 2
/* queued */
update `wp_options`
set
  `option_value` = ?
where
  `option_name` = ?;
-- parameters: ["1772366400.1234","tribe_last_save_post"]

-- queueSetOption: COMMIT (transaction)

-- setOption (row missing): BEGIN (transaction)

-- setOption (row missing), statement 1 of 4
update `wp_options`
set
  `option_value` = ?
where
  `option_name` = ?;
-- parameters: ["1772366400.1234","tribe_last_save_post"]

-- setOption (row missing), statement 2 of 4
select
  `option_name`,
  `option_value`
from
  `wp_options`
where
  `option_name` in (?);
-- parameters: ["tribe_last_save_post"]

-- setOption (row missing), statement 3 of 4
insert ignore into
  `wp_options` (`option_name`, `option_value`, `autoload`)
values
  (?, ?, ?);
-- parameters: ["tribe_last_save_post","1772366400.1234","yes"]

-- setOption (row missing), statement 4 of 4
update `wp_options`
set
  `option_value` = ?
where
  `option_name` = ?;
-- parameters: ["1772366400.1234","tribe_last_save_post"]

-- setOption (row missing): COMMIT (transaction)

-- setOption (row present): BEGIN (transaction)

-- setOption (row present), statement 1 of 4
update `wp_options`
set
  `option_value` = ?
where
  `option_name` = ?;
-- parameters: ["1772366400.1234","tribe_last_save_post"]

-- setOption (row present), statement 2 of 4
select
  `option_name`,
  `option_value`
from
  `wp_options`
where
  `option_name` in (?);
-- parameters: ["tribe_last_save_post"]

-- setOption (row present), statement 3 of 4
insert ignore into
  `wp_options` (`option_name`, `option_value`, `autoload`)
values
  (?, ?, ?);
-- parameters: ["tribe_last_save_post","1772366400.1234","yes"]

-- setOption (row present), statement 4 of 4
update `wp_options`
set
  `option_value` = ?
where
  `option_name` = ?;
-- parameters: ["1772366400.1234","tribe_last_save_post"]

-- setOption (row present): COMMIT (transaction)

-- setOption (row created by another writer meanwhile): BEGIN (transaction)

-- setOption (row created by another writer meanwhile), statement 1 of 4
update `wp_options`
set
  `option_value` = ?
where
  `option_name` = ?;
-- parameters: ["1772366400.1234","tribe_last_save_post"]

-- setOption (row created by another writer meanwhile), statement 2 of 4
select
  `option_name`,
  `option_value`
from
  `wp_options`
where
  `option_name` in (?);
-- parameters: ["tribe_last_save_post"]

-- setOption (row created by another writer meanwhile), statement 3 of 4
insert ignore into
  `wp_options` (`option_name`, `option_value`, `autoload`)
values
  (?, ?, ?);
-- parameters: ["tribe_last_save_post","1772366400.1234","no"]

-- setOption (row created by another writer meanwhile), statement 4 of 4
update `wp_options`
set
  `option_value` = ?
where
  `option_name` = ?;
-- parameters: ["1772366400.1234","tribe_last_save_post"]

-- setOption (row created by another writer meanwhile): COMMIT (transaction)

-- addOption (row missing): BEGIN (transaction)

-- addOption (row missing), statement 1 of 2
select
  `option_name`,
  `option_value`
from
  `wp_options`
where
  `option_name` in (?);
-- parameters: ["wpcal_version"]

-- addOption (row missing), statement 2 of 2
insert ignore into
  `wp_options` (`option_name`, `option_value`, `autoload`)
values
  (?, ?, ?);
-- parameters: ["wpcal_version","0.1.0","yes"]

-- addOption (row missing): COMMIT (transaction)

-- addOption (row present): BEGIN (transaction)

-- addOption (row present)
select
  `option_name`,
  `option_value`
from
  `wp_options`
where
  `option_name` in (?);
-- parameters: ["wpcal_version"]

-- addOption (row present): COMMIT (transaction)

-- replaceOption (row present): BEGIN (transaction)

-- replaceOption (row present)
update `wp_options`
set
  `option_value` = ?
where
  `option_name` = ?
  and `option_value` = ?;
-- parameters: ["a:1:{s:12:\"latest_date\";s:19:\"2026-12-25 04:00:00\";}","tribe_events_calendar_options","a:0:{}"]

-- replaceOption (row present): COMMIT (transaction)

-- replaceOption (row missing): BEGIN (transaction)

-- replaceOption (row missing)
insert ignore into
  `wp_options` (`option_name`, `option_value`, `autoload`)
values
  (?, ?, ?);
-- parameters: ["tribe_events_calendar_options","a:0:{}","yes"]

-- replaceOption (row missing): COMMIT (transaction)
