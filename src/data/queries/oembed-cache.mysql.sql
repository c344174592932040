-- The SQL statements of src/data/oembed-cache.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- oembedCacheContents
select
  `post_name`,
  `post_content`
from
  `wp_posts`
where
  `post_type` = ?
  and `post_status` = ?
  and `post_name` in (?)
order by
  `post_date` desc,
  `ID` desc;
-- parameters: ["oembed_cache","publish","0f3ea2b0c3e8bb0c2dc0b6b5bb2a8b4d"]
