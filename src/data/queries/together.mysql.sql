-- The SQL statements of src/data/together.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- readTogether (meta and terms of two posts)
/* together */
select
  `post_id`,
  `meta_key`,
  `meta_value`
from
  `wp_postmeta`
where
  `post_id` in (?, ?)
order by
  `meta_id`;

select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`,
  `tr`.`object_id`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
  inner join `wp_term_relationships` as `tr` on `tr`.`term_taxonomy_id` = `tt`.`term_taxonomy_id`
where
  `tr`.`object_id` in (?, ?)
order by
  `t`.`name`,
  `t`.`term_id`;
-- parameters: [12,13,12,13]
