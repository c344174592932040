-- The SQL statements of src/data/post-selection.ts, compiled for SQLite with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- selectionPage (every event)
select
  *
from
  "wp_posts"
where
  case
    when "post_type" = ? then "post_status"
  end in (?, ?)
  and "ID" > ?
order by
  "ID"
limit
  ?;
-- parameters: ["tribe_events","publish","private",0,100]

-- selectionPage (categories, venue, dates and IDs; a term filter that matches nothing)
select
  *
from
  "wp_posts"
where
  (
    case
      when "post_type" = ? then "post_status"
    end in (?, ?)
    and exists (
      select
        "wp_term_relationships"."object_id"
      from
        "wp_term_relationships"
      where
        "wp_term_relationships"."object_id" = "wp_posts"."ID"
        and "wp_term_relationships"."term_taxonomy_id" + 0 in (?, ?)
    ) = 1
    and exists (
      select
        "wp_term_relationships"."object_id"
      from
        "wp_term_relationships"
      where
        "wp_term_relationships"."object_id" = "wp_posts"."ID"
        and "wp_term_relationships"."term_taxonomy_id" + 0 in (?)
    ) = 1
    and exists (
      select
        "wp_postmeta"."meta_id"
      from
        "wp_postmeta"
      where
        "wp_postmeta"."post_id" = "wp_posts"."ID"
        and case
          when "wp_postmeta"."meta_key" = ? then "wp_postmeta"."meta_value"
        end in (?)
    ) = 1
    and exists (
      select
        "wp_postmeta"."meta_id"
      from
        "wp_postmeta"
      where
        "wp_postmeta"."post_id" = "wp_posts"."ID"
        and case
          when "wp_postmeta"."meta_key" = ? then "wp_postmeta"."meta_value"
        end >= ?
    ) = 1
    and exists (
      select
        "wp_postmeta"."meta_id"
      from
        "wp_postmeta"
      where
        "wp_postmeta"."post_id" = "wp_posts"."ID"
        and case
          when "wp_postmeta"."meta_key" = ? then "wp_postmeta"."meta_value"
        end <= ?
    ) = 1
    and "ID" in (?, ?)
  )
  and "ID" > ?
order by
  "ID"
limit
  ?;
-- parameters: ["tribe_events","publish","private",5,6,0,"_EventVenueID","7","_EventEndDate","2026-03-01 00:00:00","_EventStartDate","2026-03-31 23:59:59",12,13,12,100]

-- selectionPageQuery (returned, not run)
select
  *
from
  "wp_posts"
where
  case
    when "post_type" = ? then "post_status"
  end in (?, ?)
  and "ID" > ?
order by
  "ID"
limit
  ?;
-- parameters: ["tribe_events","publish","private",0,100]

-- termsOfSelection
select
  "t"."term_id",
  "t"."name",
  "t"."slug",
  "t"."term_group",
  "tt"."term_taxonomy_id",
  "tt"."taxonomy",
  "tt"."description",
  "tt"."parent",
  "tt"."count"
from
  "wp_terms" as "t"
  inner join "wp_term_taxonomy" as "tt" on "tt"."term_id" = "t"."term_id"
where
  "tt"."taxonomy" = ?
  and "tt"."term_taxonomy_id" in (
    select
      "term_taxonomy_id"
    from
      "wp_term_relationships"
    where
      "object_id" in (
        select
          "ID"
        from
          "wp_posts"
        where
          (
            case
              when "post_type" = ? then "post_status"
            end in (?, ?)
            and exists (
              select
                "wp_term_relationships"."object_id"
              from
                "wp_term_relationships"
              where
                "wp_term_relationships"."object_id" = "wp_posts"."ID"
                and "wp_term_relationships"."term_taxonomy_id" + 0 in (?, ?)
            ) = 1
            and exists (
              select
                "wp_term_relationships"."object_id"
              from
                "wp_term_relationships"
              where
                "wp_term_relationships"."object_id" = "wp_posts"."ID"
                and "wp_term_relationships"."term_taxonomy_id" + 0 in (?)
            ) = 1
            and exists (
              select
                "wp_postmeta"."meta_id"
              from
                "wp_postmeta"
              where
                "wp_postmeta"."post_id" = "wp_posts"."ID"
                and case
                  when "wp_postmeta"."meta_key" = ? then "wp_postmeta"."meta_value"
                end in (?)
            ) = 1
            and exists (
              select
                "wp_postmeta"."meta_id"
              from
                "wp_postmeta"
              where
                "wp_postmeta"."post_id" = "wp_posts"."ID"
                and case
                  when "wp_postmeta"."meta_key" = ? then "wp_postmeta"."meta_value"
                end >= ?
            ) = 1
            and exists (
              select
                "wp_postmeta"."meta_id"
              from
                "wp_postmeta"
              where
                "wp_postmeta"."post_id" = "wp_posts"."ID"
                and case
                  when "wp_postmeta"."meta_key" = ? then "wp_postmeta"."meta_value"
                end <= ?
            ) = 1
            and "ID" in (?, ?)
          )
      )
  )
order by
  "t"."term_id";
-- parameters: ["tribe_events_cat","tribe_events","publish","private",5,6,0,"_EventVenueID","7","_EventEndDate","2026-03-01 00:00:00","_EventStartDate","2026-03-31 23:59:59",12,13]
