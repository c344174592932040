-- The SQL statements of src/data/meta-changes.ts, compiled for SQLite with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- applyMetaChanges (a key rewritten, one replaced, one deleted, two added): BEGIN (transaction)

-- applyMetaChanges (a key rewritten, one replaced, one deleted, two added), statement 1 of 3
/* queued */
delete from "wp_postmeta"
where
  "post_id" = ?
  and "meta_key" in (?, ?);
-- parameters: [12,"_EventOrganizerID","_EventURL"]

-- applyMetaChanges (a key rewritten, one replaced, one deleted, two added), statement 2 of 3
/* queued */
update "wp_postmeta"
set
  "meta_value" = CASE "meta_key"
    WHEN ? THEN ?
  END
where
  "post_id" = ?
  and "meta_key" in (?);
-- parameters: ["_EventCost","15",12,"_EventCost"]

-- applyMetaChanges (a key rewritten, one replaced, one deleted, two added), statement 3 of 3
/* queued */
insert into
  "wp_postmeta" ("post_id", "meta_key", "meta_value")
values
  (?, ?, ?),
  (?, ?, ?),
  (?, ?, ?),
  (?, ?, ?);
-- parameters: [12,"_EventOrganizerID","8",12,"_EventOrganizerID","9",12,"_EventCurrencySymbol","$",12,"_EventShowMap","1"]

-- applyMetaChanges (a key rewritten, one replaced, one deleted, two added): COMMIT (transaction)
