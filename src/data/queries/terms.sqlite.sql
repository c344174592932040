-- The SQL statements of src/data/terms.ts, compiled for SQLite with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- getTerm
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
  and "t"."term_id" = ?;
-- parameters: ["tribe_events_cat",5]

-- findTermBySlug
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
  and "t"."slug" = ?
order by
  "t"."term_id";
-- parameters: ["tribe_events_cat","music"]

-- findTermByName (any parent)
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
  and "t"."name" = ?
order by
  "t"."term_id";
-- parameters: ["tribe_events_cat","Music"]

-- findTermByName (under a parent)
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
  and "t"."name" = ?
  and "tt"."parent" = ?
order by
  "t"."term_id";
-- parameters: ["tribe_events_cat","Jazz",5]

-- queryTerms (shaped by the caller)
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
  and "t"."slug" = ?;
-- parameters: ["tribe_events_cat","music"]

-- termsOfPosts
select
  "t"."term_id",
  "t"."name",
  "t"."slug",
  "t"."term_group",
  "tt"."term_taxonomy_id",
  "tt"."taxonomy",
  "tt"."description",
  "tt"."parent",
  "tt"."count",
  "tr"."object_id"
from
  "wp_terms" as "t"
  inner join "wp_term_taxonomy" as "tt" on "tt"."term_id" = "t"."term_id"
  inner join "wp_term_relationships" as "tr" on "tr"."term_taxonomy_id" = "tt"."term_taxonomy_id"
where
  "tr"."object_id" in (?, ?)
order by
  "t"."name",
  "t"."term_id";
-- parameters: [12,13]

-- withDescendants (two generations), statement 1 of 2
select
  "term_id"
from
  "wp_term_taxonomy"
where
  "taxonomy" = ?
  and "parent" in (?);
-- parameters: ["tribe_events_cat",5]

-- withDescendants (two generations), statement 2 of 2
select
  "term_id"
from
  "wp_term_taxonomy"
where
  "taxonomy" = ?
  and "parent" in (?);
-- parameters: ["tribe_events_cat",6]

-- insertTerm (new ID): BEGIN (transaction)

-- insertTerm (new ID), statement 1 of 4
insert into
  "wp_terms" ("name", "slug", "term_group")
values
  (?, ?, ?);
-- parameters: ["Music","music",0]

-- insertTerm (new ID), statement 2 of 4
insert into
  "wp_term_taxonomy" (
    "term_id",
    "taxonomy",
    "description",
    "parent",
    "count"
  )
values
  (?, ?, ?, ?, ?);
-- parameters: [5,"tribe_events_cat","",0,0]

-- insertTerm (new ID), statement 3 of 4
delete from "wp_options"
where
  "option_name" = ?;
-- parameters: ["tribe_events_cat_children"]

-- insertTerm (new ID), statement 4 of 4
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
  and "t"."term_id" = ?;
-- parameters: ["tribe_events_cat",5]

-- insertTerm (new ID): COMMIT (transaction)

-- insertTerm (kept ID, free): BEGIN (transaction)

-- insertTerm (kept ID, free), statement 1 of 6
select
  "term_id"
from
  "wp_terms"
where
  "term_id" = ?;
-- parameters: [40]

-- insertTerm (kept ID, free), statement 2 of 6
insert into
  "wp_terms" ("term_id", "name", "slug", "term_group")
values
  (?, ?, ?, ?);
-- parameters: [40,"Jazz","jazz",0]

-- insertTerm (kept ID, free), statement 3 of 6
select
  "term_taxonomy_id"
from
  "wp_term_taxonomy"
where
  "term_taxonomy_id" = ?;
-- parameters: [40]

-- insertTerm (kept ID, free), statement 4 of 6
insert into
  "wp_term_taxonomy" (
    "term_taxonomy_id",
    "term_id",
    "taxonomy",
    "description",
    "parent",
    "count"
  )
values
  (?, ?, ?, ?, ?, ?);
-- parameters: [40,40,"tribe_events_cat","Late sets.",5,0]

-- insertTerm (kept ID, free), statement 5 of 6
delete from "wp_options"
where
  "option_name" = ?;
-- parameters: ["tribe_events_cat_children"]

-- insertTerm (kept ID, free), statement 6 of 6
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
  and "t"."term_id" = ?;
-- parameters: ["tribe_events_cat",40]

-- insertTerm (kept ID, free): COMMIT (transaction)

-- updateTerm (every field): BEGIN (transaction)

-- updateTerm (every field), statement 1 of 4
update "wp_terms"
set
  "name" = ?,
  "slug" = ?
where
  "term_id" = ?;
-- parameters: ["Live Music","live-music",5]

-- updateTerm (every field), statement 2 of 4
update "wp_term_taxonomy"
set
  "description" = ?,
  "parent" = ?
where
  "term_taxonomy_id" = ?;
-- parameters: ["On stage.",0,5]

-- updateTerm (every field), statement 3 of 4
delete from "wp_options"
where
  "option_name" = ?;
-- parameters: ["tribe_events_cat_children"]

-- updateTerm (every field), statement 4 of 4
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
  and "t"."term_id" = ?;
-- parameters: ["tribe_events_cat",5]

-- updateTerm (every field): COMMIT (transaction)

-- deleteTerm (term left unused): BEGIN (transaction)

-- deleteTerm (term left unused), statement 1 of 7
delete from "wp_term_relationships"
where
  "term_taxonomy_id" = ?;
-- parameters: [5]

-- deleteTerm (term left unused), statement 2 of 7
update "wp_term_taxonomy"
set
  "parent" = ?
where
  "taxonomy" = ?
  and "parent" = ?;
-- parameters: [0,"tribe_events_cat",5]

-- deleteTerm (term left unused), statement 3 of 7
delete from "wp_term_taxonomy"
where
  "term_taxonomy_id" = ?;
-- parameters: [5]

-- deleteTerm (term left unused), statement 4 of 7
select
  "term_id"
from
  "wp_term_taxonomy"
where
  "term_id" = ?;
-- parameters: [5]

-- deleteTerm (term left unused), statement 5 of 7
delete from "wp_termmeta"
where
  "term_id" = ?;
-- parameters: [5]

-- deleteTerm (term left unused), statement 6 of 7
delete from "wp_terms"
where
  "term_id" = ?;
-- parameters: [5]

-- deleteTerm (term left unused), statement 7 of 7
delete from "wp_options"
where
  "option_name" = ?;
-- parameters: ["tribe_events_cat_children"]

-- deleteTerm (term left unused): COMMIT (transaction)

-- deleteTerm (term still used by another taxonomy): BEGIN (transaction)

-- deleteTerm (term still used by another taxonomy), statement 1 of 5
delete from "wp_term_relationships"
where
  "term_taxonomy_id" = ?;
-- parameters: [5]

-- deleteTerm (term still used by another taxonomy), statement 2 of 5
update "wp_term_taxonomy"
set
  "parent" = ?
where
  "taxonomy" = ?
  and "parent" = ?;
-- parameters: [0,"tribe_events_cat",5]

-- deleteTerm (term still used by another taxonomy), statement 3 of 5
delete from "wp_term_taxonomy"
where
  "term_taxonomy_id" = ?;
-- parameters: [5]

-- deleteTerm (term still used by another taxonomy), statement 4 of 5
select
  "term_id"
from
  "wp_term_taxonomy"
where
  "term_id" = ?;
-- parameters: [5]

-- deleteTerm (term still used by another taxonomy), statement 5 of 5
delete from "wp_options"
where
  "option_name" = ?;
-- parameters: ["tribe_events_cat_children"]

-- deleteTerm (term still used by another taxonomy): COMMIT (transaction)

-- recountTerms (a category, a tag and a term of another taxonomy): BEGIN (transaction)

-- recountTerms (a category, a tag and a term of another taxonomy)
update "wp_term_taxonomy"
set
  "count" = (
    SELECT
      COUNT(*)
    FROM
      "wp_term_relationships" tr
      INNER JOIN "wp_posts" p ON p.ID = tr.object_id
    WHERE
      tr.term_taxonomy_id = "wp_term_taxonomy"."term_taxonomy_id"
      AND p.post_status = 'publish'
      AND (
        (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?)
        )
        OR (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?, ?)
        )
      )
  )
where
  "term_taxonomy_id" in (?, ?, ?)
  and "taxonomy" in (?, ?);
-- parameters: ["tribe_events_cat","tribe_events","post_tag","post","tribe_events",5,9,11,"tribe_events_cat","post_tag"]

-- recountTerms (a category, a tag and a term of another taxonomy): COMMIT (transaction)

-- postTermTaxonomyIds
select
  "tr"."term_taxonomy_id"
from
  "wp_term_relationships" as "tr"
  inner join "wp_term_taxonomy" as "tt" on "tt"."term_taxonomy_id" = "tr"."term_taxonomy_id"
where
  "tr"."object_id" = ?
  and "tt"."taxonomy" = ?;
-- parameters: [12,"tribe_events_cat"]

-- setPostTerms (one term removed, one added): BEGIN (transaction)

-- setPostTerms (one term removed, one added), statement 1 of 5
select
  "tr"."term_taxonomy_id"
from
  "wp_term_relationships" as "tr"
  inner join "wp_term_taxonomy" as "tt" on "tt"."term_taxonomy_id" = "tr"."term_taxonomy_id"
where
  "tr"."object_id" = ?
  and "tt"."taxonomy" = ?;
-- parameters: [12,"tribe_events_cat"]

-- setPostTerms (one term removed, one added), statement 2 of 5
/* queued */
delete from "wp_term_relationships"
where
  "object_id" = ?
  and "term_taxonomy_id" in (?);
-- parameters: [12,5]

-- setPostTerms (one term removed, one added), statement 3 of 5
/* queued */
insert or ignore into
  "wp_term_relationships" ("object_id", "term_taxonomy_id", "term_order")
values
  (?, ?, ?);
-- parameters: [12,7,0]

-- setPostTerms (one term removed, one added), statement 4 of 5
/* queued */
update "wp_term_taxonomy"
set
  "count" = (
    SELECT
      COUNT(*)
    FROM
      "wp_term_relationships" tr
      INNER JOIN "wp_posts" p ON p.ID = tr.object_id
    WHERE
      tr.term_taxonomy_id = "wp_term_taxonomy"."term_taxonomy_id"
      AND p.post_status = 'publish'
      AND (
        (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?)
        )
        OR (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?, ?)
        )
      )
  )
where
  "term_taxonomy_id" in (?)
  and "taxonomy" in (?, ?);
-- parameters: ["tribe_events_cat","tribe_events","post_tag","post","tribe_events",5,"tribe_events_cat","post_tag"]

-- setPostTerms (one term removed, one added), statement 5 of 5
/* queued */
update "wp_term_taxonomy"
set
  "count" = (
    SELECT
      COUNT(*)
    FROM
      "wp_term_relationships" tr
      INNER JOIN "wp_posts" p ON p.ID = tr.object_id
    WHERE
      tr.term_taxonomy_id = "wp_term_taxonomy"."term_taxonomy_id"
      AND p.post_status = 'publish'
      AND (
        (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?)
        )
        OR (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?, ?)
        )
      )
  )
where
  "term_taxonomy_id" in (?)
  and "taxonomy" in (?, ?);
-- parameters: ["tribe_events_cat","tribe_events","post_tag","post","tribe_events",7,"tribe_events_cat","post_tag"]

-- setPostTerms (one term removed, one added): COMMIT (transaction)

-- setPostTerms (two terms on a post created in the transaction): BEGIN (transaction)

-- setPostTerms (two terms on a post created in the transaction), statement 1 of 3
/* queued */
insert or ignore into
  "wp_term_relationships" ("object_id", "term_taxonomy_id", "term_order")
values
  (?, ?, ?),
  (?, ?, ?);
-- parameters: [12,6,0,12,7,0]

-- setPostTerms (two terms on a post created in the transaction), statement 2 of 3
/* queued */
update "wp_term_taxonomy"
set
  "count" = (
    SELECT
      COUNT(*)
    FROM
      "wp_term_relationships" tr
      INNER JOIN "wp_posts" p ON p.ID = tr.object_id
    WHERE
      tr.term_taxonomy_id = "wp_term_taxonomy"."term_taxonomy_id"
      AND p.post_status = 'publish'
      AND (
        (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?)
        )
        OR (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?, ?)
        )
      )
  )
where
  "term_taxonomy_id" in (?)
  and "taxonomy" in (?, ?);
-- parameters: ["tribe_events_cat","tribe_events","post_tag","post","tribe_events",6,"tribe_events_cat","post_tag"]

-- setPostTerms (two terms on a post created in the transaction), statement 3 of 3
/* queued */
update "wp_term_taxonomy"
set
  "count" = (
    SELECT
      COUNT(*)
    FROM
      "wp_term_relationships" tr
      INNER JOIN "wp_posts" p ON p.ID = tr.object_id
    WHERE
      tr.term_taxonomy_id = "wp_term_taxonomy"."term_taxonomy_id"
      AND p.post_status = 'publish'
      AND (
        (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?)
        )
        OR (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?, ?)
        )
      )
  )
where
  "term_taxonomy_id" in (?)
  and "taxonomy" in (?, ?);
-- parameters: ["tribe_events_cat","tribe_events","post_tag","post","tribe_events",7,"tribe_events_cat","post_tag"]

-- setPostTerms (two terms on a post created in the transaction): COMMIT (transaction)

-- termTaxonomyIdsOfPosts
select
  "term_taxonomy_id"
from
  "wp_term_relationships"
where
  "object_id" in (?, ?);
-- parameters: [12,13]

-- postTermLinksRead
select
  "tr"."term_taxonomy_id",
  "tt"."taxonomy"
from
  "wp_term_relationships" as "tr"
  inner join "wp_term_taxonomy" as "tt" on "tt"."term_taxonomy_id" = "tr"."term_taxonomy_id"
where
  "tr"."object_id" = ?;
-- parameters: [12]

-- recountPostTerms: BEGIN (transaction)

-- recountPostTerms, statement 1 of 2
select
  "term_taxonomy_id"
from
  "wp_term_relationships"
where
  "object_id" in (?);
-- parameters: [12]

-- recountPostTerms, statement 2 of 2
/* queued */
update "wp_term_taxonomy"
set
  "count" = (
    SELECT
      COUNT(*)
    FROM
      "wp_term_relationships" tr
      INNER JOIN "wp_posts" p ON p.ID = tr.object_id
    WHERE
      tr.term_taxonomy_id = "wp_term_taxonomy"."term_taxonomy_id"
      AND p.post_status = 'publish'
      AND (
        (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?)
        )
        OR (
          "wp_term_taxonomy"."taxonomy" = ?
          AND p.post_type IN (?, ?)
        )
      )
  )
where
  "term_taxonomy_id" in (?)
  and "taxonomy" in (?, ?);
-- parameters: ["tribe_events_cat","tribe_events","post_tag","post","tribe_events",5,"tribe_events_cat","post_tag"]

-- recountPostTerms: COMMIT (transaction)

-- unlinkPostsFromTaxonomy: BEGIN (transaction)

-- unlinkPostsFromTaxonomy, statement 1 of 2
select
  "term_taxonomy_id"
from
  "wp_term_relationships"
where
  "object_id" in (?, ?)
  and "term_taxonomy_id" in (
    select
      "term_taxonomy_id"
    from
      "wp_term_taxonomy"
    where
      "taxonomy" = ?
  );
-- parameters: [12,13,"post_tag"]

-- unlinkPostsFromTaxonomy, statement 2 of 2
delete from "wp_term_relationships"
where
  "object_id" in (?, ?)
  and "term_taxonomy_id" in (
    select
      "term_taxonomy_id"
    from
      "wp_term_taxonomy"
    where
      "taxonomy" = ?
  );
-- parameters: [12,13,"post_tag"]

-- unlinkPostsFromTaxonomy: COMMIT (transaction)

-- insertTermLinksBulk: BEGIN (transaction)

-- insertTermLinksBulk
/* queued */
insert into
  "wp_term_relationships" ("object_id", "term_taxonomy_id", "term_order")
values
  (?, ?, ?),
  (?, ?, ?);
-- parameters: [12,5,0,13,5,0]

-- insertTermLinksBulk: COMMIT (transaction)
