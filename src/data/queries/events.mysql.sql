-- The SQL statements of src/data/events.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- saveEventRows (new post): BEGIN (transaction)

-- saveEventRows (new post), statement 1 of 2
/* queued */
insert into
  `wp_tec_events` (
    `post_id`,
    `start_date`,
    `end_date`,
    `start_date_utc`,
    `end_date_utc`,
    `duration`,
    `timezone`,
    `updated_at`,
    `hash`
  )
select
  `wp_posts`.`ID`,
  ? as `start_date`,
  ? as `end_date`,
  ? as `start_date_utc`,
  ? as `end_date_utc`,
  ? as `duration`,
  ? as `timezone`,
  ? as `updated_at`,
  ? as `hash`
from
  `wp_posts`
where
  `wp_posts`.`ID` = ?
  and not exists (
    select
      `wp_tec_events`.`event_id`
    from
      `wp_tec_events`
    where
      `wp_tec_events`.`post_id` = ?
  );
-- parameters: ["2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"Europe/Berlin","2026-03-01 12:00:00","",12,12]

-- saveEventRows (new post), statement 2 of 2
/* queued */
insert into
  `wp_tec_occurrences` (
    `event_id`,
    `post_id`,
    `start_date`,
    `end_date`,
    `start_date_utc`,
    `end_date_utc`,
    `duration`,
    `hash`,
    `updated_at`
  )
select
  `wp_tec_events`.`event_id`,
  `wp_tec_events`.`post_id`,
  ? as `start_date`,
  ? as `end_date`,
  ? as `start_date_utc`,
  ? as `end_date_utc`,
  ? as `duration`,
  ? as `hash`,
  ? as `updated_at`
from
  `wp_tec_events`
where
  `wp_tec_events`.`post_id` = ?
  and not exists (
    select
      `wp_tec_occurrences`.`occurrence_id`
    from
      `wp_tec_occurrences`
    where
      `wp_tec_occurrences`.`post_id` = ?
  );
-- parameters: ["2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"5d41402abc4b2a76b9719d911017c592","2026-03-01 12:00:00",12,12]

-- saveEventRows (new post): COMMIT (transaction)

-- saveEventRows (existing post): BEGIN (transaction)

-- saveEventRows (existing post), statement 1 of 4
/* queued */
update `wp_tec_events`
set
  `start_date` = ?,
  `end_date` = ?,
  `start_date_utc` = ?,
  `end_date_utc` = ?,
  `duration` = ?,
  `timezone` = ?,
  `updated_at` = ?
where
  `post_id` = ?;
-- parameters: ["2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"Europe/Berlin","2026-03-01 12:00:00",12]

-- saveEventRows (existing post), statement 2 of 4
/* queued */
update `wp_tec_occurrences`
set
  `start_date` = ?,
  `end_date` = ?,
  `start_date_utc` = ?,
  `end_date_utc` = ?,
  `duration` = ?,
  `hash` = ?,
  `updated_at` = ?
where
  `occurrence_id` = (
    select
      `own`.`id`
    from
      (
        select
          min(`occurrence_id`) as `id`
        from
          `wp_tec_occurrences`
        where
          `post_id` = ?
      ) as `own`
  );
-- parameters: ["2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"5d41402abc4b2a76b9719d911017c592","2026-03-01 12:00:00",12]

-- saveEventRows (existing post), statement 3 of 4
/* queued */
insert into
  `wp_tec_events` (
    `post_id`,
    `start_date`,
    `end_date`,
    `start_date_utc`,
    `end_date_utc`,
    `duration`,
    `timezone`,
    `updated_at`,
    `hash`
  )
select
  `wp_posts`.`ID`,
  ? as `start_date`,
  ? as `end_date`,
  ? as `start_date_utc`,
  ? as `end_date_utc`,
  ? as `duration`,
  ? as `timezone`,
  ? as `updated_at`,
  ? as `hash`
from
  `wp_posts`
where
  `wp_posts`.`ID` = ?
  and not exists (
    select
      `wp_tec_events`.`event_id`
    from
      `wp_tec_events`
    where
      `wp_tec_events`.`post_id` = ?
  );
-- parameters: ["2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"Europe/Berlin","2026-03-01 12:00:00","",12,12]

-- saveEventRows (existing post), statement 4 of 4
/* queued */
insert into
  `wp_tec_occurrences` (
    `event_id`,
    `post_id`,
    `start_date`,
    `end_date`,
    `start_date_utc`,
    `end_date_utc`,
    `duration`,
    `hash`,
    `updated_at`
  )
select
  `wp_tec_events`.`event_id`,
  `wp_tec_events`.`post_id`,
  ? as `start_date`,
  ? as `end_date`,
  ? as `start_date_utc`,
  ? as `end_date_utc`,
  ? as `duration`,
  ? as `hash`,
  ? as `updated_at`
from
  `wp_tec_events`
where
  `wp_tec_events`.`post_id` = ?
  and not exists (
    select
      `wp_tec_occurrences`.`occurrence_id`
    from
      `wp_tec_occurrences`
    where
      `wp_tec_occurrences`.`post_id` = ?
  );
-- parameters: ["2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"5d41402abc4b2a76b9719d911017c592","2026-03-01 12:00:00",12,12]

-- saveEventRows (existing post): COMMIT (transaction)

-- deleteEventRows: BEGIN (transaction)

-- deleteEventRows, statement 1 of 2
delete from `wp_tec_occurrences`
where
  `post_id` in (?, ?);
-- parameters: [12,13]

-- deleteEventRows, statement 2 of 2
delete from `wp_tec_events`
where
  `post_id` in (?, ?);
-- parameters: [12,13]

-- deleteEventRows: COMMIT (transaction)

-- insertEventRowsBulk (two events): BEGIN (transaction)

-- insertEventRowsBulk (two events), statement 1 of 2
insert into
  `wp_tec_events` (
    `post_id`,
    `start_date`,
    `end_date`,
    `start_date_utc`,
    `end_date_utc`,
    `duration`,
    `timezone`,
    `updated_at`,
    `hash`
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?, ?),
  (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [12,"2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"Europe/Berlin","2026-03-01 12:00:00","",13,"2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"Europe/Berlin","2026-03-01 12:00:00",""]

-- insertEventRowsBulk (two events), statement 2 of 2
/* queued */
insert into
  `wp_tec_occurrences` (
    `event_id`,
    `post_id`,
    `start_date`,
    `end_date`,
    `start_date_utc`,
    `end_date_utc`,
    `duration`,
    `hash`,
    `updated_at`
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?, ?),
  (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [3,12,"2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"5d41402abc4b2a76b9719d911017c592","2026-03-01 12:00:00",4,13,"2026-03-14 19:00:00","2026-03-14 23:00:00","2026-03-14 18:00:00","2026-03-14 22:00:00",14400,"5d41402abc4b2a76b9719d911017c592","2026-03-01 12:00:00"]

-- insertEventRowsBulk (two events): COMMIT (transaction)

-- upcomingOccurrencePostIds
select
  `wp_tec_occurrences`.`post_id`,
  `wp_tec_occurrences`.`start_date`
from
  `wp_tec_occurrences`
  inner join `wp_posts` on `wp_posts`.`ID` = `wp_tec_occurrences`.`post_id`
where
  `wp_posts`.`post_type` = ?
  and `wp_posts`.`post_status` in (?)
  and `wp_tec_occurrences`.`start_date` >= ?
  and not exists (
    select
      `wp_postmeta`.`meta_id`
    from
      `wp_postmeta`
    where
      `wp_postmeta`.`post_id` = `wp_tec_occurrences`.`post_id`
      and `wp_postmeta`.`meta_key` = ?
  )
order by
  `wp_tec_occurrences`.`start_date`,
  `wp_tec_occurrences`.`post_id`
limit
  ?;
-- parameters: ["tribe_events","publish","2026-03-01 12:00:00","_EventHideFromUpcoming",10]

-- countPostsWithoutOccurrences
select
  count(*) as `n`
from
  `wp_posts` as `p`
where
  `p`.`post_type` = ?
  and `p`.`post_status` != ?
  and not exists (
    select
      `o`.`occurrence_id`
    from
      `wp_tec_occurrences` as `o`
    where
      `o`.`post_id` = `p`.`ID`
  );
-- parameters: ["tribe_events","auto-draft"]

-- postIdsWithoutOccurrences
select
  `p`.`ID`
from
  `wp_posts` as `p`
where
  `p`.`post_type` = ?
  and `p`.`post_status` != ?
  and not exists (
    select
      `o`.`occurrence_id`
    from
      `wp_tec_occurrences` as `o`
    where
      `o`.`post_id` = `p`.`ID`
  )
  and `p`.`ID` > ?
order by
  `p`.`ID`
limit
  ?;
-- parameters: ["tribe_events","auto-draft",12,500]

-- knownRangeRows: BEGIN (transaction)

-- knownRangeRows
select
  'earliest' as `bound`,
  `e`.`post_id`,
  `e`.`date`,
  NULL as `value`
from
  (
    select
      `o`.`post_id`,
      `o`.`start_date_utc` as `date`
    from
      `wp_tec_occurrences` as `o`
      inner join `wp_posts` as `p` on `p`.`ID` = `o`.`post_id`
    where
      `p`.`post_type` = ?
      and `p`.`post_status` in (?, ?, ?)
      and `o`.`start_date_utc` = (
        select
          `d`.`start_date_utc` as `date`
        from
          `wp_tec_occurrences` as `d`
        where
          (
            select
              `dp`.`post_status`
            from
              `wp_posts` as `dp`
            where
              `dp`.`ID` = `d`.`post_id`
              and `dp`.`post_type` = ?
          ) in (?, ?, ?)
        order by
          `d`.`start_date_utc` asc
        limit
          ?
      )
    order by
      `o`.`occurrence_id`
    limit
      ?
  ) as `e`
union all
select
  'latest' as `bound`,
  `l`.`post_id`,
  `l`.`date`,
  NULL as `value`
from
  (
    select
      `o`.`post_id`,
      `o`.`end_date_utc` as `date`
    from
      `wp_tec_occurrences` as `o`
      inner join `wp_posts` as `p` on `p`.`ID` = `o`.`post_id`
    where
      `p`.`post_type` = ?
      and `p`.`post_status` in (?, ?, ?)
      and `o`.`end_date_utc` = (
        select
          `d`.`end_date_utc` as `date`
        from
          `wp_tec_occurrences` as `d`
        where
          (
            select
              `dp`.`post_status`
            from
              `wp_posts` as `dp`
            where
              `dp`.`ID` = `d`.`post_id`
              and `dp`.`post_type` = ?
          ) in (?, ?, ?)
        order by
          `d`.`end_date_utc` desc
        limit
          ?
      )
    order by
      `o`.`occurrence_id`
    limit
      ?
  ) as `l`
union all
select
  'option' as `bound`,
  NULL as `post_id`,
  NULL as `date`,
  `option_value` as `value`
from
  `wp_options`
where
  `option_name` = ?;
-- parameters: ["tribe_events","publish","private","protected","tribe_events","publish","private","protected",1,1,"tribe_events","publish","private","protected","tribe_events","publish","private","protected",1,1,"tribe_events_calendar_options"]

-- knownRangeRows: COMMIT (transaction)
