-- The SQL statements of src/data/term-queries.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- termsMatching (GET /tags defaults)
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?
  and `tt`.`count` > ?
order by
  `t`.`name` asc,
  `t`.`term_id` asc;
-- parameters: ["post_tag",0]

-- termsMatching (every filter, ordered by an event's term_order)
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?
  and (
    t.name LIKE ? ESCAPE '!'
    OR t.slug LIKE ? ESCAPE '!'
  )
  and `t`.`term_id` in (5, 6)
  and `t`.`term_id` not in (7)
  and `tt`.`parent` = ?
  and `t`.`slug` = ?
  and tt.term_taxonomy_id IN (
    SELECT
      tr.term_taxonomy_id
    FROM
      `wp_term_relationships` tr
    WHERE
      tr.object_id = ?
  )
order by
  (
    SELECT
      MIN(tr.term_order)
    FROM
      `wp_term_relationships` tr
    WHERE
      tr.term_taxonomy_id = tt.term_taxonomy_id
      AND tr.object_id = ?
  ) desc,
  `t`.`term_id` asc;
-- parameters: ["tribe_events_cat","%jazz!_%","%jazz!_%",0,"jazz",12,12]

-- termsMatching (unordered)
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?;
-- parameters: ["tribe_events_cat"]

-- allTerms
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?;
-- parameters: ["tribe_events_cat"]

-- allTermsInIdOrder
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?
order by
  `t`.`term_id`;
-- parameters: ["tribe_events_cat"]

-- termsByIds
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?
  and `t`.`term_id` in (5, 6);
-- parameters: ["tribe_events_cat"]

-- childTerms
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?
  and `tt`.`parent` = ?
order by
  `t`.`term_id`;
-- parameters: ["tribe_events_cat",5]

-- termsByReference (IDs, slugs and names)
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?
  and (
    `t`.`term_id` in (9)
    or `t`.`slug` in (?, ?)
    or lower(t.name) in (?)
  );
-- parameters: ["post_tag","free","outdoor","family friendly"]

-- termsByReference (slugs only)
select
  `t`.`term_id`,
  `t`.`name`,
  `t`.`slug`,
  `t`.`term_group`,
  `tt`.`term_taxonomy_id`,
  `tt`.`taxonomy`,
  `tt`.`description`,
  `tt`.`parent`,
  `tt`.`count`
from
  `wp_terms` as `t`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_id` = `t`.`term_id`
where
  `tt`.`taxonomy` = ?
  and `t`.`slug` in (?);
-- parameters: ["post_tag","free"]

-- termSlugTaken (any term)
select
  `term_id`
from
  `wp_terms`
where
  `slug` = ?;
-- parameters: ["music"]

-- termSlugTaken (except one term)
select
  `term_id`
from
  `wp_terms`
where
  `slug` = ?
  and `term_id` != ?;
-- parameters: ["music",5]
