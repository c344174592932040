-- The SQL statements of src/data/attachments.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- imageAttachmentIdByGuid
select
  `ID`
from
  `wp_posts`
where
  `post_type` = ?
  and `post_mime_type` like ?
  and `guid` = ?
order by
  `ID`;
-- parameters: ["attachment","image/%","https://example.org/wp-content/uploads/2026/02/poster.jpg"]

-- imageAttachmentIdByMeta
select
  `wp_posts`.`ID`
from
  `wp_postmeta`
  inner join `wp_posts` on `wp_posts`.`ID` = `wp_postmeta`.`post_id`
where
  `wp_postmeta`.`meta_key` = ?
  and `wp_postmeta`.`meta_value` = ?
  and `wp_posts`.`post_type` = ?
  and `wp_posts`.`post_mime_type` like ?
order by
  `wp_posts`.`ID`;
-- parameters: ["_tribe_importer_original_url","https://example.org/poster.jpg","attachment","image/%"]

-- attachmentPage, statement 1 of 2
select
  `ID`
from
  `wp_posts`
where
  `post_type` = ?
  and `post_status` = ?
order by
  `post_date` desc,
  `ID` desc
limit
  ?
offset
  ?;
-- parameters: ["attachment","inherit",10,10]

-- attachmentPage, statement 2 of 2
select
  count(*) as `total`
from
  `wp_posts`
where
  `post_type` = ?
  and `post_status` = ?;
-- parameters: ["attachment","inherit"]

-- deleteAttachmentRows: BEGIN (transaction)

-- deleteAttachmentRows, statement 1 of 3
delete from `wp_postmeta`
where
  `meta_key` = ?
  and `meta_value` = ?;
-- parameters: ["_thumbnail_id","42"]

-- deleteAttachmentRows, statement 2 of 3
delete from `wp_postmeta`
where
  `post_id` = ?;
-- parameters: [42]

-- deleteAttachmentRows, statement 3 of 3
delete from `wp_posts`
where
  `ID` = ?
  and `post_type` = ?;
-- parameters: [42,"attachment"]

-- deleteAttachmentRows: COMMIT (transaction)
