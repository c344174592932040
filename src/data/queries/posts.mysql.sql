-- The SQL statements of src/data/posts.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- postsModifiedSince
select
  `ID`,
  `post_modified_gmt`
from
  `wp_posts`
where
  `post_modified_gmt` >= ?;
-- parameters: ["2026-11-01 00:00:00"]

-- lockPostForSave (the post alone): BEGIN (transaction)

-- lockPostForSave (the post alone)
select
  `p`.*,
  NULL as `m_key`,
  NULL as `m_value`,
  NULL as `m_id`,
  NULL as `r_id`,
  NULL as `r_title`,
  NULL as `r_content`,
  NULL as `r_excerpt`
from
  `wp_posts` as `p`
where
  `p`.`ID` = ?
for update;
-- parameters: [12]

-- lockPostForSave (the post alone): COMMIT (transaction)

-- lockPostForSave (with meta and the latest revision): BEGIN (transaction)

-- lockPostForSave (with meta and the latest revision)
select
  `p`.*,
  m.meta_key as `m_key`,
  m.meta_value as `m_value`,
  m.meta_id as `m_id`,
  r.ID as `r_id`,
  r.post_title as `r_title`,
  r.post_content as `r_content`,
  r.post_excerpt as `r_excerpt`
from
  `wp_posts` as `p`
  left join `wp_postmeta` as `m` on `m`.`post_id` = `p`.`ID`
  and `m`.`meta_key` in (?, ?)
  left join `wp_posts` as `r` on `r`.`ID` = (
    select
      `r2`.`ID`
    from
      `wp_posts` as `r2`
    where
      `r2`.`post_parent` = ?
      and `r2`.`post_type` = ?
      and `r2`.`post_status` = ?
      and `r2`.`post_name` not like ?
    order by
      `r2`.`post_date` desc,
      `r2`.`ID` desc
    limit
      ?
  )
where
  `p`.`ID` = ?
order by
  `m_id`
for update;
-- parameters: ["_tribe_modified_fields","_tribe_ignored_event_previous_status",12,"revision","inherit","%autosave%",1,12]

-- lockPostForSave (with meta and the latest revision): COMMIT (transaction)

-- lockPostForSave (with every meta row, read in the same packet): BEGIN (transaction)

-- lockPostForSave (with every meta row, read in the same packet)
/* together */
select
  `p`.*,
  NULL as `m_key`,
  NULL as `m_value`,
  NULL as `m_id`,
  r.ID as `r_id`,
  r.post_title as `r_title`,
  r.post_content as `r_content`,
  r.post_excerpt as `r_excerpt`
from
  `wp_posts` as `p`
  left join `wp_posts` as `r` on `r`.`ID` = (
    select
      `r2`.`ID`
    from
      `wp_posts` as `r2`
    where
      `r2`.`post_parent` = ?
      and `r2`.`post_type` = ?
      and `r2`.`post_status` = ?
      and `r2`.`post_name` not like ?
    order by
      `r2`.`post_date` desc,
      `r2`.`ID` desc
    limit
      ?
  )
where
  `p`.`ID` = ? for
update;

select
  `post_id`,
  `meta_key`,
  `meta_value`
from
  `wp_postmeta`
where
  `post_id` in (?)
order by
  `meta_id`;

select
  `tr`.`term_taxonomy_id`,
  `tt`.`taxonomy`
from
  `wp_term_relationships` as `tr`
  inner join `wp_term_taxonomy` as `tt` on `tt`.`term_taxonomy_id` = `tr`.`term_taxonomy_id`
where
  `tr`.`object_id` = ?;
-- parameters: [12,"revision","inherit","%autosave%",1,12,12,12]

-- lockPostForSave (with every meta row, read in the same packet): COMMIT (transaction)

-- insertRevision: BEGIN (transaction)

-- insertRevision, statement 1 of 2
/* queued */
insert into
  `wp_posts` (
    `post_author`,
    `post_content`,
    `post_title`,
    `post_excerpt`,
    `post_status`,
    `comment_status`,
    `ping_status`,
    `post_password`,
    `post_name`,
    `to_ping`,
    `pinged`,
    `post_content_filtered`,
    `post_parent`,
    `guid`,
    `menu_order`,
    `post_mime_type`,
    `comment_count`,
    `post_date`,
    `post_date_gmt`,
    `post_type`,
    `post_modified`,
    `post_modified_gmt`
  )
values
  (
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?
  );
-- parameters: [1,"<p>Jazz</p>","Jazz Night","","inherit","closed","closed","","12-revision-v1","","","",12,"",0,"",0,"2026-03-01 12:00:00","2026-03-01 12:00:00","revision","2026-03-01 12:00:00","2026-03-01 12:00:00"]

-- insertRevision, statement 2 of 2
/* queued */
update `wp_posts`
set
  `guid` = CONCAT(?, `ID`)
where
  `ID` = LAST_INSERT_ID()
  and `post_parent` = ?
  and `post_name` = ?
  and `guid` = ?;
-- parameters: ["http://wordpress.test/?p=",12,"12-revision-v1",""]

-- insertRevision: COMMIT (transaction)

-- getPost
select
  *
from
  `wp_posts`
where
  `ID` = ?;
-- parameters: [12]

-- getPosts
select
  *
from
  `wp_posts`
where
  `ID` in (?, ?);
-- parameters: [13,12]

-- postsNamedByMetaRead
select
  `p`.*
from
  `wp_postmeta` as `m`
  inner join `wp_posts` as `p` on `p`.`ID` = `m`.`meta_value`
where
  `m`.`post_id` = ?
  and `m`.`meta_key` in (?, ?);
-- parameters: [12,"_EventVenueID","_EventOrganizerID"]

-- postsNamedByMetaOfRead (featured images read ahead of their posts' meta (MySQL only: nothing on SQLite))
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
  *
from
  `wp_posts`
where
  `ID` in (
    select
      cast(`meta_value` as signed) as `named`
    from
      `wp_postmeta`
    where
      `post_id` in (?, ?)
      and `meta_key` = ?
  );

select
  `post_id`,
  `meta_key`,
  `meta_value`
from
  `wp_postmeta`
where
  `post_id` in (
    select
      cast(`meta_value` as signed) as `named`
    from
      `wp_postmeta`
    where
      `post_id` in (?, ?)
      and `meta_key` = ?
  )
order by
  `meta_id`;
-- parameters: [12,13,12,13,"_thumbnail_id",12,13,"_thumbnail_id"]

-- postIdsOfType (two pages of 2), statement 1 of 2
select
  `ID`
from
  `wp_posts`
where
  `post_type` = ?
  and `post_status` in (?, ?)
  and `ID` > ?
order by
  `ID`
limit
  ?;
-- parameters: ["tribe_events","publish","private",0,2]

-- postIdsOfType (two pages of 2), statement 2 of 2
select
  `ID`
from
  `wp_posts`
where
  `post_type` = ?
  and `post_status` in (?, ?)
  and `ID` > ?
order by
  `ID`
limit
  ?;
-- parameters: ["tribe_events","publish","private",13,2]

-- findPostBySlug
select
  *
from
  `wp_posts`
where
  `post_type` = ?
  and `post_name` = ?
  and `post_parent` = ?
order by
  `ID`;
-- parameters: ["tribe_events","jazz-night",0]

-- loadMeta
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
-- parameters: [12,13]

-- loadPostMeta
select
  `post_id`,
  `meta_key`,
  `meta_value`
from
  `wp_postmeta`
where
  `post_id` in (?)
order by
  `meta_id`;
-- parameters: [12]

-- insertPost: BEGIN (transaction)

-- insertPost
insert into
  `wp_posts` (
    `post_author`,
    `post_content`,
    `post_title`,
    `post_excerpt`,
    `post_status`,
    `comment_status`,
    `ping_status`,
    `post_password`,
    `post_name`,
    `to_ping`,
    `pinged`,
    `post_content_filtered`,
    `post_parent`,
    `guid`,
    `menu_order`,
    `post_mime_type`,
    `comment_count`,
    `post_date`,
    `post_date_gmt`,
    `post_modified`,
    `post_modified_gmt`,
    `post_type`
  )
values
  (
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    ?
  );
-- parameters: [1,"","Jazz Night","","publish","closed","closed","","jazz-night","","","",0,"",0,"",0,"2026-02-20 09:30:00","2026-02-20 08:30:00","2026-02-20 09:30:00","2026-02-20 08:30:00","tribe_events"]

-- insertPost: COMMIT (transaction)

-- updatePost: BEGIN (transaction)

-- updatePost
/* queued */
update `wp_posts`
set
  `post_title` = ?,
  `post_modified` = ?,
  `post_modified_gmt` = ?
where
  `ID` = ?;
-- parameters: ["Jazz Night II","2026-03-01 12:00:00","2026-03-01 12:00:00",12]

-- updatePost: COMMIT (transaction)

-- publishPost: BEGIN (transaction)

-- publishPost
update `wp_posts`
set
  `post_status` = ?
where
  `ID` = ?
  and `post_status` not in (?, ?, ?);
-- parameters: ["publish",12,"publish","private","trash"]

-- publishPost: COMMIT (transaction)

-- addMeta: BEGIN (transaction)

-- addMeta
insert into
  `wp_postmeta` (`post_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?);
-- parameters: [12,"_EventCost","15"]

-- addMeta: COMMIT (transaction)

-- setMeta (rows of the key present): BEGIN (transaction)

-- setMeta (rows of the key present)
update `wp_postmeta`
set
  `meta_value` = ?
where
  `post_id` = ?
  and `meta_key` = ?;
-- parameters: ["15",12,"_EventCost"]

-- setMeta (rows of the key present): COMMIT (transaction)

-- setMeta (no row of the key): BEGIN (transaction)

-- setMeta (no row of the key), statement 1 of 2
update `wp_postmeta`
set
  `meta_value` = ?
where
  `post_id` = ?
  and `meta_key` = ?;
-- parameters: ["15",12,"_EventCost"]

-- setMeta (no row of the key), statement 2 of 2
insert into
  `wp_postmeta` (`post_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?);
-- parameters: [12,"_EventCost","15"]

-- setMeta (no row of the key): COMMIT (transaction)

-- postNamesStartingWith (any post)
select
  `post_name`,
  `post_type`,
  `ID`
from
  `wp_posts`
where
  `post_name` like ?;
-- parameters: ["jazz-night%"]

-- postNamesStartingWith (except one post)
select
  `post_name`,
  `post_type`,
  `ID`
from
  `wp_posts`
where
  `post_name` like ?;
-- parameters: ["jazz-night%"]

-- uniquePostSlug
select
  `post_name`,
  `post_type`,
  `ID`
from
  `wp_posts`
where
  `post_name` like ?;
-- parameters: ["jazz-night%"]
