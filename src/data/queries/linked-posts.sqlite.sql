-- The SQL statements of src/data/linked-posts.ts, compiled for SQLite with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- countPostList (published venues)
select
  count(*) as "n"
from
  "wp_posts"
where
  "wp_posts"."post_type" = ?
  and "wp_posts"."post_status" in (?);
-- parameters: ["tribe_venue","publish"]

-- countPostList (search, include and exclude)
select
  count(*) as "n"
from
  "wp_posts"
where
  "wp_posts"."post_type" = ?
  and "wp_posts"."post_status" in (?)
  and "wp_posts"."ID" in (7, 21)
  and "wp_posts"."ID" not in (30)
  and "wp_posts"."post_status" != ?
  and (
    (
      lower("wp_posts"."post_title") like ?
      and lower("wp_posts"."post_title") like ?
    )
    or (
      lower("wp_posts"."post_content") like ?
      and lower("wp_posts"."post_content") like ?
    )
    or (
      lower("wp_posts"."post_excerpt") like ?
      and lower("wp_posts"."post_excerpt") like ?
    )
    or exists (
      select
        "wp_postmeta"."meta_id"
      from
        "wp_postmeta"
      where
        "wp_postmeta"."post_id" = "wp_posts"."ID"
        and "wp_postmeta"."meta_key" = ?
        and (
          lower("wp_postmeta"."meta_value") like ?
          and lower("wp_postmeta"."meta_value") like ?
        )
    )
    or exists (
      select
        "wp_postmeta"."meta_id"
      from
        "wp_postmeta"
      where
        "wp_postmeta"."post_id" = "wp_posts"."ID"
        and "wp_postmeta"."meta_key" = ?
        and (
          lower("wp_postmeta"."meta_value") like ?
          and lower("wp_postmeta"."meta_value") like ?
        )
    )
  );
-- parameters: ["tribe_venue","publish","trash","%hall%","%main%","%hall%","%main%","%hall%","%main%","_VenueCity","%hall%","%main%","_VenueAddress","%hall%","%main%"]

-- postListPage (published venues, page 2)
select
  "wp_posts".*
from
  "wp_posts"
where
  "wp_posts"."post_type" = ?
  and "wp_posts"."post_status" in (?)
order by
  "wp_posts"."post_date" desc,
  "wp_posts"."ID" desc
limit
  ?
offset
  ?;
-- parameters: ["tribe_venue","publish",10,10]

-- postListPage (search, include and exclude)
select
  "wp_posts".*
from
  "wp_posts"
where
  "wp_posts"."post_type" = ?
  and "wp_posts"."post_status" in (?)
  and "wp_posts"."ID" in (7, 21)
  and "wp_posts"."ID" not in (30)
  and "wp_posts"."post_status" != ?
  and (
    (
      lower("wp_posts"."post_title") like ?
      and lower("wp_posts"."post_title") like ?
    )
    or (
      lower("wp_posts"."post_content") like ?
      and lower("wp_posts"."post_content") like ?
    )
    or (
      lower("wp_posts"."post_excerpt") like ?
      and lower("wp_posts"."post_excerpt") like ?
    )
    or exists (
      select
        "wp_postmeta"."meta_id"
      from
        "wp_postmeta"
      where
        "wp_postmeta"."post_id" = "wp_posts"."ID"
        and "wp_postmeta"."meta_key" = ?
        and (
          lower("wp_postmeta"."meta_value") like ?
          and lower("wp_postmeta"."meta_value") like ?
        )
    )
    or exists (
      select
        "wp_postmeta"."meta_id"
      from
        "wp_postmeta"
      where
        "wp_postmeta"."post_id" = "wp_posts"."ID"
        and "wp_postmeta"."meta_key" = ?
        and (
          lower("wp_postmeta"."meta_value") like ?
          and lower("wp_postmeta"."meta_value") like ?
        )
    )
  )
order by
  "wp_posts"."post_date" desc,
  "wp_posts"."ID" desc
limit
  ?
offset
  ?;
-- parameters: ["tribe_venue","publish","trash","%hall%","%main%","%hall%","%main%","%hall%","%main%","_VenueCity","%hall%","%main%","_VenueAddress","%hall%","%main%",10,0]

-- postsWithText (title)
select
  *
from
  "wp_posts"
where
  "post_type" = ?
  and "post_status" != ?
  and lower("post_title") = ?
order by
  "ID";
-- parameters: ["tribe_venue","trash","the hall"]

-- postsWithText (title and content)
select
  *
from
  "wp_posts"
where
  "post_type" = ?
  and "post_status" != ?
  and lower("post_title") = ?
  and lower("post_content") = ?
order by
  "ID";
-- parameters: ["tribe_venue","trash","the hall","upstairs."]
