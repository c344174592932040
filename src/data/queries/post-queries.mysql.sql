-- The SQL statements of src/data/post-queries.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- hasPostOfType
select
  `ID`
from
  `wp_posts`
where
  `post_type` = ?
limit
  ?;
-- parameters: ["tribe_events",1]

-- existingPostIds (any type)
select
  `ID`
from
  `wp_posts`
where
  `ID` in (12, 13, -1);

-- existingPostIds (of a type)
select
  `ID`
from
  `wp_posts`
where
  `ID` in (7, 21)
  and `post_type` = ?;
-- parameters: ["tribe_venue"]

-- firstPostIdWithTitle
select
  `ID`
from
  `wp_posts`
where
  `post_type` = ?
  and `post_status` != ?
  and `post_title` = ?
order by
  `ID`;
-- parameters: ["tribe_venue","trash","The Hall"]

-- postNamesAndTypes
select
  `post_name`,
  `post_type`
from
  `wp_posts`
where
  `post_name` in (?, ?);
-- parameters: ["jazz-night","jazz-night-2"]

-- postTitlesWithMeta
select
  `p`.`ID`,
  `p`.`post_title`,
  `m`.`meta_value`
from
  `wp_posts` as `p`
  inner join `wp_postmeta` as `m` on `m`.`post_id` = `p`.`ID`
where
  `p`.`post_type` = ?
  and `p`.`post_status` != ?
  and `m`.`meta_key` = ?
order by
  `p`.`ID`;
-- parameters: ["tribe_events","trash","_EventStartDate"]

-- metaRowsWithKeys
select
  `post_id`,
  `meta_key`,
  `meta_value`
from
  `wp_postmeta`
where
  `meta_key` in (?, ?)
order by
  `meta_id`;
-- parameters: ["_VenueLat","_VenueLng"]

-- metaRowsStartingWith
select
  `m`.`post_id`,
  `m`.`meta_value`
from
  `wp_postmeta` as `m`
  inner join `wp_posts` as `p` on `p`.`ID` = `m`.`post_id`
where
  `m`.`meta_key` = ?
  and `p`.`post_type` = ?
  and `m`.`meta_value` like ?
order by
  `m`.`meta_id`;
-- parameters: ["_wpcal_import_key","tribe_events","csv:%"]

-- metaValuesOfPost
select
  `meta_value`
from
  `wp_postmeta`
where
  `post_id` = ?
  and `meta_key` = ?;
-- parameters: [12,"_EventOrganizerID"]

-- metaValuesOfPosts
select
  `meta_value`
from
  `wp_postmeta`
where
  `post_id` in (?, ?)
  and `meta_key` = ?;
-- parameters: [12,13,"_EventVenueID"]

-- deleteMetaOfPosts: BEGIN (transaction)

-- deleteMetaOfPosts
delete from `wp_postmeta`
where
  `post_id` in (?, ?)
  and `meta_key` in (?, ?);
-- parameters: [12,13,"_EventVenueID","_EventOrganizerID"]

-- deleteMetaOfPosts: COMMIT (transaction)

-- deleteMetaWithValue: BEGIN (transaction)

-- deleteMetaWithValue
delete from `wp_postmeta`
where
  `meta_key` = ?
  and `meta_value` = ?;
-- parameters: ["_EventVenueID","7"]

-- deleteMetaWithValue: COMMIT (transaction)

-- insertPostRowsBulk (two posts, IDs included): BEGIN (transaction)

-- insertPostRowsBulk (two posts, IDs included)
/* queued */
insert into
  `wp_posts` (
    `ID`,
    `post_author`,
    `post_date`,
    `post_date_gmt`,
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
    `post_modified`,
    `post_modified_gmt`,
    `post_content_filtered`,
    `post_parent`,
    `guid`,
    `menu_order`,
    `post_type`,
    `post_mime_type`,
    `comment_count`
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
    ?,
    ?
  ),
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
    ?,
    ?
  );
-- parameters: [12,1,"2026-02-20 09:30:00","2026-02-20 08:30:00","Quartet and friends.","Jazz Night","","publish","closed","closed","","jazz-night","","","2026-02-20 09:30:00","2026-02-20 08:30:00","",0,"https://example.org/?post_type=tribe_events&p=12",0,"tribe_events","",0,13,1,"2026-02-20 09:30:00","2026-02-20 08:30:00","Quartet and friends.","Blues Night","","publish","closed","closed","","blues-night","","","2026-02-20 09:30:00","2026-02-20 08:30:00","",0,"https://example.org/?post_type=tribe_events&p=12",0,"tribe_events","",0]

-- insertPostRowsBulk (two posts, IDs included): COMMIT (transaction)

-- insertPostRowsBulk (two posts numbered by the database): BEGIN (transaction)

-- insertPostRowsBulk (two posts numbered by the database)
insert into
  `wp_posts` (
    `post_author`,
    `post_date`,
    `post_date_gmt`,
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
    `post_modified`,
    `post_modified_gmt`,
    `post_content_filtered`,
    `post_parent`,
    `guid`,
    `menu_order`,
    `post_type`,
    `post_mime_type`,
    `comment_count`
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
  ),
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
-- parameters: [1,"2026-02-20 09:30:00","2026-02-20 08:30:00","Quartet and friends.","Jazz Night","","publish","closed","closed","","jazz-night","","","2026-02-20 09:30:00","2026-02-20 08:30:00","",0,"https://example.org/?post_type=tribe_events&p=12",0,"tribe_events","",0,1,"2026-02-20 09:30:00","2026-02-20 08:30:00","Quartet and friends.","Blues Night","","publish","closed","closed","","blues-night","","","2026-02-20 09:30:00","2026-02-20 08:30:00","",0,"https://example.org/?post_type=tribe_events&p=12",0,"tribe_events","",0]

-- insertPostRowsBulk (two posts numbered by the database): COMMIT (transaction)

-- numberPostsAbove: BEGIN (transaction)

-- numberPostsAbove, statement 1 of 2
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
    `ID`,
    `post_type`,
    `post_date`,
    `post_date_gmt`,
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
    ?,
    ?
  );
-- parameters: [0,"","","","auto-draft","closed","closed","","","","","",0,"",0,"",0,90500,"wpcal_reserved","0000-00-00 00:00:00","0000-00-00 00:00:00","0000-00-00 00:00:00","0000-00-00 00:00:00"]

-- numberPostsAbove, statement 2 of 2
delete from `wp_posts`
where
  `ID` = ?;
-- parameters: [90500]

-- numberPostsAbove: COMMIT (transaction)

-- setPostNamesAndGuids: BEGIN (transaction)

-- setPostNamesAndGuids
update `wp_posts`
set
  `post_name` = CASE `ID`
    WHEN ? THEN ?
    WHEN ? THEN ?
  END,
  `guid` = CASE `ID`
    WHEN ? THEN ?
    WHEN ? THEN ?
  END
where
  `ID` in (?, ?);
-- parameters: [12,"12",13,"blues-night",12,"http://example.org/?post_type=tribe_events&p=12",13,"http://example.org/?post_type=tribe_events&p=13",12,13]

-- setPostNamesAndGuids: COMMIT (transaction)

-- insertMetaRowsBulk: BEGIN (transaction)

-- insertMetaRowsBulk
/* queued */
insert into
  `wp_postmeta` (`post_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?),
  (?, ?, ?);
-- parameters: [12,"_EventCost","15",12,"_EventVenueID","7"]

-- insertMetaRowsBulk: COMMIT (transaction)

-- metaValuesOnPostsOfType
select distinct
  `wp_postmeta`.`meta_value`
from
  `wp_postmeta`
  inner join `wp_posts` on `wp_posts`.`ID` = `wp_postmeta`.`post_id`
where
  `wp_postmeta`.`meta_key` = ?
  and `wp_posts`.`post_type` = ?
  and `wp_posts`.`post_status` not in (?, ?);
-- parameters: ["_EventVenueID","tribe_events","draft","pending"]
