-- The SQL statements of src/data/bulk-insert.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- insertRows (two rows in one statement)
insert into
  `wp_postmeta` (`post_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?),
  (?, ?, ?);
-- parameters: [12,"_EventCost","15",13,"_EventCost","20"]

-- highestPostId
select
  max(`ID`) as `highest`
from
  `wp_posts`
for update;

-- highestEventRowId
select
  max(`event_id`) as `highest`
from
  `wp_tec_events`
for update;
