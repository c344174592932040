-- The SQL statements of src/data/users.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- findUserByLogin
select
  *
from
  `wp_users`
where
  `user_login` = ?;
-- parameters: ["alice"]

-- findLoginCandidate (by login)
select
  `wp_users`.*,
  (
    select
      `meta_value`
    from
      `wp_usermeta`
    where
      `wp_usermeta`.`user_id` = `wp_users`.`ID`
      and `meta_key` = ?
    order by
      `umeta_id`
    limit
      ?
  ) as `wpcal_application_passwords`,
  (
    select
      `meta_value`
    from
      `wp_usermeta`
    where
      `wp_usermeta`.`user_id` = `wp_users`.`ID`
      and `meta_key` = ?
    order by
      `umeta_id`
    limit
      ?
  ) as `wpcal_capabilities`,
  (
    select
      `option_value`
    from
      `wp_options`
    where
      `option_name` = ?
    limit
      ?
  ) as `wpcal_passwords_in_use`
from
  `wp_users`
where
  `user_login` = ?
order by
  `wp_users`.`ID`
limit
  ?;
-- parameters: ["_application_passwords",1,"wp_capabilities",1,"using_application_passwords",1,"alice",1]

-- findLoginCandidate (by email)
select
  `wp_users`.*,
  (
    select
      `meta_value`
    from
      `wp_usermeta`
    where
      `wp_usermeta`.`user_id` = `wp_users`.`ID`
      and `meta_key` = ?
    order by
      `umeta_id`
    limit
      ?
  ) as `wpcal_application_passwords`,
  (
    select
      `meta_value`
    from
      `wp_usermeta`
    where
      `wp_usermeta`.`user_id` = `wp_users`.`ID`
      and `meta_key` = ?
    order by
      `umeta_id`
    limit
      ?
  ) as `wpcal_capabilities`,
  (
    select
      `option_value`
    from
      `wp_options`
    where
      `option_name` = ?
    limit
      ?
  ) as `wpcal_passwords_in_use`
from
  `wp_users`
where
  `user_email` = ?
order by
  `wp_users`.`ID`
limit
  ?;
-- parameters: ["_application_passwords",1,"wp_capabilities",1,"using_application_passwords",1,"alice@example.org",1]

-- userExists
select
  `ID`
from
  `wp_users`
where
  `ID` = ?;
-- parameters: [1]

-- authorsOfPostTypes
select
  `ID`,
  `user_login`,
  `user_email`,
  `display_name`
from
  `wp_users`
where
  `ID` in (
    select distinct
      `post_author`
    from
      `wp_posts`
    where
      `post_type` in (?, ?, ?)
      and `post_status` not in (?, ?)
  )
order by
  `ID`;
-- parameters: ["tribe_events","tribe_venue","tribe_organizer","trash","auto-draft"]

-- getUserMeta
select
  `meta_value`
from
  `wp_usermeta`
where
  `user_id` = ?
  and `meta_key` = ?
order by
  `umeta_id`;
-- parameters: [1,"_application_passwords"]

-- setUserMeta (row present): BEGIN (transaction)

-- setUserMeta (row present), statement 1 of 2
select
  `umeta_id`
from
  `wp_usermeta`
where
  `user_id` = ?
  and `meta_key` = ?
order by
  `umeta_id`;
-- parameters: [1,"wp_capabilities"]

-- setUserMeta (row present), statement 2 of 2
update `wp_usermeta`
set
  `meta_value` = ?
where
  `umeta_id` = ?;
-- parameters: ["a:1:{s:6:\"editor\";b:1;}",31]

-- setUserMeta (row present): COMMIT (transaction)

-- setUserMeta (row missing): BEGIN (transaction)

-- setUserMeta (row missing), statement 1 of 2
select
  `umeta_id`
from
  `wp_usermeta`
where
  `user_id` = ?
  and `meta_key` = ?
order by
  `umeta_id`;
-- parameters: [1,"wp_capabilities"]

-- setUserMeta (row missing), statement 2 of 2
insert into
  `wp_usermeta` (`user_id`, `meta_key`, `meta_value`)
values
  (?, ?, ?);
-- parameters: [1,"wp_capabilities","a:1:{s:6:\"editor\";b:1;}"]

-- setUserMeta (row missing): COMMIT (transaction)

-- insertUser: BEGIN (transaction)

-- insertUser
insert into
  `wp_users` (
    `user_login`,
    `user_pass`,
    `user_nicename`,
    `user_email`,
    `user_url`,
    `user_registered`,
    `user_activation_key`,
    `user_status`,
    `display_name`
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: ["Alice Smith","*","alice-smith","alice@example.org","","2026-03-01 12:00:00","",0,"Alice Smith"]

-- insertUser: COMMIT (transaction)
