-- The SQL statements of src/data/event-list.ts, compiled for SQLite with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- countListedEvents (GET /events defaults)
select
  COUNT(*) as "total"
from
  "wp_posts" as "p"
  inner join "wp_tec_occurrences" as "o" on "o"."post_id" = "p"."ID"
where
  (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
  );
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00"]

-- countListedEvents (every filter, repeated occurrences)
select
  COUNT(DISTINCT p.ID) as "total"
from
  "wp_posts" as "p"
  inner join "wp_tec_occurrences" as "o" on "o"."post_id" = "p"."ID"
where
  (
    "p"."post_type" = ?
    and "p"."post_status" in (?, ?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."start_date_utc" >= ?
    and "o"."end_date_utc" <= ?
    and (
      (
        "p"."post_title" LIKE ? ESCAPE '!'
        OR "p"."post_excerpt" LIKE ? ESCAPE '!'
        OR "p"."post_content" LIKE ? ESCAPE '!'
      )
      AND (
        "p"."post_title" NOT LIKE ? ESCAPE '!'
        AND "p"."post_excerpt" NOT LIKE ? ESCAPE '!'
        AND "p"."post_content" NOT LIKE ? ESCAPE '!'
      )
    )
    and "p"."post_password" = ?
    and exists (
      select
        "tr"."object_id"
      from
        "wp_term_relationships" as "tr"
      where
        "tr"."object_id" = "p"."ID"
        and "tr"."term_taxonomy_id" in (5, 6)
    )
    and exists (
      select
        "tr"."object_id"
      from
        "wp_term_relationships" as "tr"
      where
        "tr"."object_id" = "p"."ID"
        and "tr"."term_taxonomy_id" in (9)
    )
    and "p"."ID" in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
        and "m"."meta_value" in ('7')
    )
    and 1 = 0
    and "p"."ID" in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "p"."post_parent" = ?
  );
-- parameters: ["tribe_events","publish","private","_EventHideFromUpcoming","2026-03-01 00:00:00","2026-03-31 23:59:59","%jazz%","%jazz%","%jazz%","%50!%!_off%","%50!%!_off%","%50!%!_off%","","_EventVenueID","_tribe_featured",0]

-- countListedEvents (no status allowed)
select
  COUNT(*) as "total"
from
  "wp_posts" as "p"
  inner join "wp_tec_occurrences" as "o" on "o"."post_id" = "p"."ID"
where
  (
    "p"."post_type" = ?
    and 1 = 0
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
  );
-- parameters: ["tribe_events","_EventHideFromUpcoming","2026-03-01 12:00:00"]

-- countListedEvents (a window on the UTC columns, walked along the local start (no occurrence longer than 2 days, none ending before it starts, zones within a day))
select
  COUNT(*) as "total"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."start_date_utc" >= ?
    and "o"."end_date_utc" <= ?
    and "o"."start_date" >= ?
    and "o"."start_date" <= ?
  );
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 00:00:00","2026-03-31 23:59:59","2026-02-28 00:00:00","2026-04-01 23:59:59"]

-- listedEventIds (page 1 of the defaults, fewer events than a page), statement 1 of 2
select
  "o"."start_date" as "start"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
  )
order by
  "o"."start_date"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00",1,9]

-- listedEventIds (page 1 of the defaults, fewer events than a page), statement 2 of 2
select
  "p"."ID"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
  )
order by
  "o"."start_date",
  "p"."post_date",
  "p"."ID"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00",10,0]

-- listedEventIds (page 1 of the defaults, no occurrence longer than 3 days), statement 1 of 2
select
  "o"."start_date" as "start"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
    and "o"."start_date" >= ?
  )
order by
  "o"."start_date"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00","2026-02-25 12:00:00",1,9]

-- listedEventIds (page 1 of the defaults, no occurrence longer than 3 days), statement 2 of 2
select
  "p"."ID"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
    and "o"."start_date" >= ?
  )
order by
  "o"."start_date",
  "p"."post_date",
  "p"."ID"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00","2026-02-25 12:00:00",10,0]

-- listedEventIds (page 3, its last event found; ordered by UTC start), statement 1 of 2
select
  "o"."start_date_utc" as "start"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."start_date" >= ?
    and "o"."start_date_utc" >= ?
  )
order by
  "o"."start_date_utc"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00","2026-02-28 12:00:00",1,29]

-- listedEventIds (page 3, its last event found; ordered by UTC start), statement 2 of 2
select
  "p"."ID"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."start_date" >= ?
    and "o"."start_date_utc" >= ?
  )
  and "o"."start_date_utc" <= ?
order by
  "o"."start_date_utc",
  "p"."post_date",
  "p"."ID"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00","2026-02-28 12:00:00","2026-03-20 18:00:00",10,20]

-- listedEventIds (every filter, repeated occurrences)
select
  "p"."ID"
from
  "wp_posts" as "p"
  inner join "wp_tec_occurrences" as "o" on "o"."post_id" = "p"."ID"
where
  (
    "p"."post_type" = ?
    and "p"."post_status" in (?, ?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."start_date_utc" >= ?
    and "o"."end_date_utc" <= ?
    and (
      (
        "p"."post_title" LIKE ? ESCAPE '!'
        OR "p"."post_excerpt" LIKE ? ESCAPE '!'
        OR "p"."post_content" LIKE ? ESCAPE '!'
      )
      AND (
        "p"."post_title" NOT LIKE ? ESCAPE '!'
        AND "p"."post_excerpt" NOT LIKE ? ESCAPE '!'
        AND "p"."post_content" NOT LIKE ? ESCAPE '!'
      )
    )
    and "p"."post_password" = ?
    and exists (
      select
        "tr"."object_id"
      from
        "wp_term_relationships" as "tr"
      where
        "tr"."object_id" = "p"."ID"
        and "tr"."term_taxonomy_id" in (5, 6)
    )
    and exists (
      select
        "tr"."object_id"
      from
        "wp_term_relationships" as "tr"
      where
        "tr"."object_id" = "p"."ID"
        and "tr"."term_taxonomy_id" in (9)
    )
    and "p"."ID" in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
        and "m"."meta_value" in ('7')
    )
    and 1 = 0
    and "p"."ID" in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "p"."post_parent" = ?
  )
group by
  "p"."ID",
  "p"."post_date"
order by
  MIN("o"."start_date_utc"),
  "p"."post_date",
  "p"."ID"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","private","_EventHideFromUpcoming","2026-03-01 00:00:00","2026-03-31 23:59:59","%jazz%","%jazz%","%jazz%","%50!%!_off%","%50!%!_off%","%50!%!_off%","","_EventVenueID","_tribe_featured",0,10,0]

-- listedEventIds (include)
select
  "p"."ID"
from
  "wp_posts" as "p"
  inner join "wp_tec_occurrences" as "o" on "o"."post_id" = "p"."ID"
where
  (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
    and "p"."ID" in (12, 13, -1)
  )
order by
  "p"."post_date",
  "p"."ID"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00",10,0]

-- listedEventIds (include, repeated occurrences)
select
  "p"."ID"
from
  "wp_posts" as "p"
  inner join "wp_tec_occurrences" as "o" on "o"."post_id" = "p"."ID"
where
  (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
    and "p"."ID" in (12, 13)
  )
group by
  "p"."ID",
  "p"."post_date"
order by
  "p"."post_date",
  "p"."ID"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00",10,0]

-- listedEventIds (venue and featured given as the posts holding them), statement 1 of 2
select
  "o"."start_date" as "start"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
    and "p"."ID" in (12, 13)
    and "p"."ID" in (-1)
  )
order by
  "o"."start_date"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00",1,9]

-- listedEventIds (venue and featured given as the posts holding them), statement 2 of 2
select
  "p"."ID"
from
  "wp_tec_occurrences" as "o"
  cross join "wp_posts" as "p"
where
  "o"."post_id" = "p"."ID"
  and (
    "p"."post_type" = ?
    and "p"."post_status" in (?)
    and "p"."ID" not in (
      select
        "m"."post_id" + 0 as "post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    )
    and "o"."end_date" >= ?
    and "p"."ID" in (12, 13)
    and "p"."ID" in (-1)
  )
order by
  "o"."start_date",
  "p"."post_date",
  "p"."ID"
limit
  ?
offset
  ?;
-- parameters: ["tribe_events","publish","_EventHideFromUpcoming","2026-03-01 12:00:00",10,0]

-- postsMatchingSearch (words of an anonymous search)
select
  "p"."ID"
from
  "wp_posts" as "p"
where
  "p"."post_type" = ?
  and (
    (
      "p"."post_title" LIKE ? ESCAPE '!'
      OR "p"."post_excerpt" LIKE ? ESCAPE '!'
      OR "p"."post_content" LIKE ? ESCAPE '!'
    )
    AND (
      "p"."post_title" NOT LIKE ? ESCAPE '!'
      AND "p"."post_excerpt" NOT LIKE ? ESCAPE '!'
      AND "p"."post_content" NOT LIKE ? ESCAPE '!'
    )
  )
  and "p"."post_password" = ?
limit
  ?;
-- parameters: ["tribe_events","%jazz%","%jazz%","%jazz%","%late%","%late%","%late%","",100001]

-- postsMatchingSearch (own writes tested again)
select
  "p"."ID"
from
  "wp_posts" as "p"
where
  "p"."post_type" = ?
  and (
    (
      "p"."post_title" LIKE ? ESCAPE '!'
      OR "p"."post_excerpt" LIKE ? ESCAPE '!'
      OR "p"."post_content" LIKE ? ESCAPE '!'
    )
  )
  and "p"."ID" in (12, 15)
limit
  ?;
-- parameters: ["tribe_events","%jazz%","%jazz%","%jazz%",100001]

-- postsHoldingMeta (a venue)
select
  "held"."post_id"
from
  (
    select
      "m"."post_id" + 0 as "post_id"
    from
      "wp_postmeta" as "m"
    where
      "m"."meta_key" = ?
      and "m"."meta_value" in ('7', '8')
  ) as "held"
limit
  ?;
-- parameters: ["_EventVenueID",5001]

-- postsHoldingMeta (featured)
select
  "held"."post_id"
from
  (
    select
      "m"."post_id" + 0 as "post_id"
    from
      "wp_postmeta" as "m"
    where
      "m"."meta_key" = ?
  ) as "held"
limit
  ?;
-- parameters: ["_tribe_featured",5001]

-- occurrencesRepeat
select
  "post_id"
from
  "wp_tec_occurrences"
group by
  "post_id"
having
  COUNT(*) > ?
limit
  ?;
-- parameters: [1,1]

-- listKeyRowCounts
select
  (
    select
      COUNT(*) as "n"
    from
      "wp_tec_occurrences"
  ) as "occurrences",
  (
    select
      COUNT(*) as "n"
    from
      "wp_term_relationships"
  ) as "termLinks";

-- occurrenceReach
select
  MAX(
    julianday(substr("end_date", 1, 10)) - julianday(substr("start_date", 1, 10))
  ) as "local",
  MAX(
    julianday(substr("end_date_utc", 1, 10)) - julianday(substr("start_date_utc", 1, 10))
  ) as "utc",
  MAX(
    ROUND(
      (julianday("start_date") - julianday("end_date")) * 86400
    )
  ) as "localLead",
  MAX(
    ROUND(
      (
        julianday("start_date_utc") - julianday("end_date_utc")
      ) * 86400
    )
  ) as "utcLead",
  MAX(
    ABS(
      ROUND(
        (
          julianday("start_date") - julianday("start_date_utc")
        ) * 86400
      )
    )
  ) as "zone",
  SUM(
    CASE
      WHEN ROUND(
        (julianday("start_date") - julianday("end_date")) * 86400
      ) IS NULL
      OR ROUND(
        (
          julianday("start_date_utc") - julianday("end_date_utc")
        ) * 86400
      ) IS NULL
      OR ROUND(
        (
          julianday("start_date") - julianday("start_date_utc")
        ) * 86400
      ) IS NULL THEN 1
      ELSE 0
    END
  ) as "undated"
from
  "wp_tec_occurrences";

-- listKeyPage
select
  "o"."occurrence_id",
  "o"."post_id",
  "o"."start_date",
  "o"."end_date",
  "o"."start_date_utc",
  "o"."end_date_utc",
  "p"."post_type",
  "p"."post_status",
  "p"."post_date",
  case
    when "o"."post_id" in (
      select
        "m"."post_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."meta_key" = ?
    ) then 1
    else 0
  end as "hidden",
  (
    select
      COUNT(*) || ':' || COALESCE(SUM(tr.term_taxonomy_id), 0) || ':' || COALESCE(GROUP_CONCAT(tr.term_taxonomy_id), '') as "terms"
    from
      "wp_term_relationships" as "tr"
    where
      "tr"."object_id" = "o"."post_id"
  ) as "terms"
from
  "wp_tec_occurrences" as "o"
  left join "wp_posts" as "p" on "p"."ID" = "o"."post_id"
where
  "o"."occurrence_id" > ?
order by
  "o"."occurrence_id"
limit
  ?;
-- parameters: ["_EventHideFromUpcoming",2000,20000]

-- listKeysOfPosts
select
  "o"."occurrence_id",
  "o"."post_id",
  "o"."start_date",
  "o"."end_date",
  "o"."start_date_utc",
  "o"."end_date_utc",
  "p"."post_type",
  "p"."post_status",
  "p"."post_date",
  case
    when exists (
      select
        "m"."meta_id"
      from
        "wp_postmeta" as "m"
      where
        "m"."post_id" = "o"."post_id"
        and "m"."meta_key" = ?
    ) then 1
    else 0
  end as "hidden",
  (
    select
      COUNT(*) || ':' || COALESCE(SUM(tr.term_taxonomy_id), 0) || ':' || COALESCE(GROUP_CONCAT(tr.term_taxonomy_id), '') as "terms"
    from
      "wp_term_relationships" as "tr"
    where
      "tr"."object_id" = "o"."post_id"
  ) as "terms",
  (
    select
      COUNT(*) || ':' || COALESCE(
        SUM(
          CASE
            WHEN m.meta_key IN (?, ?) THEN LENGTH(m.meta_value)
            ELSE 0
          END
        ),
        0
      ) || ':' || COALESCE(
        GROUP_CONCAT(
          CASE m.meta_key
            WHEN ? THEN 'v0=' || m.meta_value
            WHEN ? THEN 'v1=' || m.meta_value
            WHEN ? THEN 'p0'
          END
        ),
        ''
      ) as "meta"
    from
      "wp_postmeta" as "m"
    where
      "m"."post_id" = "o"."post_id"
      and "m"."meta_key" in (?, ?, ?)
  ) as "meta"
from
  "wp_tec_occurrences" as "o"
  left join "wp_posts" as "p" on "p"."ID" = "o"."post_id"
where
  "o"."post_id" in (12, 13)
order by
  "o"."occurrence_id";
-- parameters: ["_EventHideFromUpcoming","_EventVenueID","_EventOrganizerID","_EventVenueID","_EventOrganizerID","_tribe_featured","_EventVenueID","_EventOrganizerID","_tribe_featured"]

-- listKeyMetaPage
select
  "meta_id",
  "post_id",
  CASE meta_key
    WHEN ? THEN 0
    WHEN ? THEN 1
  END as "key",
  "meta_value"
from
  "wp_postmeta"
where
  "meta_key" in (?, ?)
  and "meta_id" > ?
order by
  "meta_id"
limit
  ?;
-- parameters: ["_EventVenueID","_EventOrganizerID","_EventVenueID","_EventOrganizerID",2000,20000]
