-- The SQL statements of src/data/schema.ts, compiled for MySQL/MariaDB with table prefix "wp_".
-- Written by `npm run queries` from test/support/query-catalogue.ts; do not edit by hand.
-- test/unit/query-snapshots.test.ts fails when the code issues other SQL than this file shows.

-- tableExists
SELECT
  TABLE_NAME AS name
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE();

-- ensureSchema (empty database), statement 1 of 13
SELECT
  TABLE_NAME AS name
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE();

-- ensureSchema (empty database), statement 2 of 13
SELECT DISTINCT
  TABLE_NAME AS tableName,
  INDEX_NAME AS name
FROM
  information_schema.STATISTICS
WHERE
  TABLE_SCHEMA = DATABASE();

-- ensureSchema (empty database), statement 3 of 13
CREATE TABLE IF NOT EXISTS `wp_users` (
  `ID` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `user_login` varchar(60) NOT NULL DEFAULT '',
  `user_pass` varchar(255) NOT NULL DEFAULT '',
  `user_nicename` varchar(50) NOT NULL DEFAULT '',
  `user_email` varchar(100) NOT NULL DEFAULT '',
  `user_url` varchar(100) NOT NULL DEFAULT '',
  `user_registered` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `user_activation_key` varchar(255) NOT NULL DEFAULT '',
  `user_status` int(11) NOT NULL DEFAULT 0,
  `display_name` varchar(250) NOT NULL DEFAULT '',
  PRIMARY KEY (`ID`),
  KEY `user_login_key` (`user_login`),
  KEY `user_nicename` (`user_nicename`),
  KEY `user_email` (`user_email`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 4 of 13
CREATE TABLE IF NOT EXISTS `wp_usermeta` (
  `umeta_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `user_id` bigint(20) unsigned NOT NULL DEFAULT 0,
  `meta_key` varchar(255) DEFAULT NULL,
  `meta_value` longtext DEFAULT NULL,
  PRIMARY KEY (`umeta_id`),
  KEY `user_id` (`user_id`),
  KEY `meta_key` (`meta_key`(191))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 5 of 13
CREATE TABLE IF NOT EXISTS `wp_options` (
  `option_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `option_name` varchar(191) NOT NULL DEFAULT '',
  `option_value` longtext NOT NULL,
  `autoload` varchar(20) NOT NULL DEFAULT 'yes',
  PRIMARY KEY (`option_id`),
  UNIQUE KEY `option_name` (`option_name`),
  KEY `autoload` (`autoload`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 6 of 13
CREATE TABLE IF NOT EXISTS `wp_posts` (
  `ID` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `post_author` bigint(20) unsigned NOT NULL DEFAULT 0,
  `post_date` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `post_date_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `post_content` longtext NOT NULL,
  `post_title` text NOT NULL,
  `post_excerpt` text NOT NULL,
  `post_status` varchar(20) NOT NULL DEFAULT 'publish',
  `comment_status` varchar(20) NOT NULL DEFAULT 'open',
  `ping_status` varchar(20) NOT NULL DEFAULT 'open',
  `post_password` varchar(255) NOT NULL DEFAULT '',
  `post_name` varchar(200) NOT NULL DEFAULT '',
  `to_ping` text NOT NULL,
  `pinged` text NOT NULL,
  `post_modified` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `post_modified_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `post_content_filtered` longtext NOT NULL,
  `post_parent` bigint(20) unsigned NOT NULL DEFAULT 0,
  `guid` varchar(255) NOT NULL DEFAULT '',
  `menu_order` int(11) NOT NULL DEFAULT 0,
  `post_type` varchar(20) NOT NULL DEFAULT 'post',
  `post_mime_type` varchar(100) NOT NULL DEFAULT '',
  `comment_count` bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (`ID`),
  KEY `post_name` (`post_name`(191)),
  KEY `type_status_date` (`post_type`,`post_status`,`post_date`,`ID`),
  KEY `post_parent` (`post_parent`),
  KEY `post_author` (`post_author`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 7 of 13
CREATE TABLE IF NOT EXISTS `wp_postmeta` (
  `meta_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `post_id` bigint(20) unsigned NOT NULL DEFAULT 0,
  `meta_key` varchar(255) DEFAULT NULL,
  `meta_value` longtext DEFAULT NULL,
  PRIMARY KEY (`meta_id`),
  KEY `post_id` (`post_id`),
  KEY `meta_key` (`meta_key`(191))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 8 of 13
CREATE TABLE IF NOT EXISTS `wp_terms` (
  `term_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(200) NOT NULL DEFAULT '',
  `slug` varchar(200) NOT NULL DEFAULT '',
  `term_group` bigint(10) NOT NULL DEFAULT 0,
  PRIMARY KEY (`term_id`),
  KEY `slug` (`slug`(191)),
  KEY `name` (`name`(191))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 9 of 13
CREATE TABLE IF NOT EXISTS `wp_term_taxonomy` (
  `term_taxonomy_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `term_id` bigint(20) unsigned NOT NULL DEFAULT 0,
  `taxonomy` varchar(32) NOT NULL DEFAULT '',
  `description` longtext NOT NULL,
  `parent` bigint(20) unsigned NOT NULL DEFAULT 0,
  `count` bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (`term_taxonomy_id`),
  UNIQUE KEY `term_id_taxonomy` (`term_id`,`taxonomy`),
  KEY `taxonomy` (`taxonomy`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 10 of 13
CREATE TABLE IF NOT EXISTS `wp_term_relationships` (
  `object_id` bigint(20) unsigned NOT NULL DEFAULT 0,
  `term_taxonomy_id` bigint(20) unsigned NOT NULL DEFAULT 0,
  `term_order` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (`object_id`,`term_taxonomy_id`),
  KEY `term_taxonomy_id` (`term_taxonomy_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 11 of 13
CREATE TABLE IF NOT EXISTS `wp_termmeta` (
  `meta_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `term_id` bigint(20) unsigned NOT NULL DEFAULT 0,
  `meta_key` varchar(255) DEFAULT NULL,
  `meta_value` longtext DEFAULT NULL,
  PRIMARY KEY (`meta_id`),
  KEY `term_id` (`term_id`),
  KEY `meta_key` (`meta_key`(191))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 12 of 13
CREATE TABLE IF NOT EXISTS `wp_tec_events` (
  `event_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `post_id` bigint(20) unsigned NOT NULL,
  `start_date` varchar(19) NOT NULL,
  `end_date` varchar(19) DEFAULT NULL,
  `timezone` varchar(30) NOT NULL DEFAULT 'UTC',
  `start_date_utc` varchar(19) NOT NULL,
  `end_date_utc` varchar(19) DEFAULT NULL,
  `duration` mediumint(30) DEFAULT 7200,
  `updated_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  `hash` varchar(40) NOT NULL,
  PRIMARY KEY (`event_id`),
  UNIQUE KEY `post_id` (`post_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (empty database), statement 13 of 13
CREATE TABLE IF NOT EXISTS `wp_tec_occurrences` (
  `occurrence_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `event_id` bigint(20) unsigned NOT NULL,
  `post_id` bigint(20) unsigned NOT NULL,
  `start_date` datetime NOT NULL,
  `start_date_utc` datetime NOT NULL,
  `end_date` datetime NOT NULL,
  `end_date_utc` datetime NOT NULL,
  `duration` mediumint(30) DEFAULT 7200,
  `hash` varchar(40) NOT NULL,
  `updated_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`occurrence_id`),
  KEY `event_id` (`event_id`),
  UNIQUE KEY `hash` (`hash`),
  KEY `idx_wp_tec_occurrences_post_id_dates` (`post_id`,`end_date`,`start_date`),
  KEY `idx_wp_tec_occurrences_post_id_dates_utc` (`post_id`,`end_date_utc`,`start_date_utc`),
  KEY `idx_wp_tec_occurrences_start_date` (`start_date`),
  KEY `idx_wp_tec_occurrences_start_date_utc` (`start_date_utc`),
  KEY `idx_wp_tec_occurrences_end_date_utc` (`end_date_utc`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- ensureSchema (every table present, no index), statement 1 of 30
SELECT
  TABLE_NAME AS name
FROM
  information_schema.TABLES
WHERE
  TABLE_SCHEMA = DATABASE();

-- ensureSchema (every table present, no index), statement 2 of 30
SELECT DISTINCT
  TABLE_NAME AS tableName,
  INDEX_NAME AS name
FROM
  information_schema.STATISTICS
WHERE
  TABLE_SCHEMA = DATABASE();

-- ensureSchema (every table present, no index), statement 3 of 30
ALTER TABLE `wp_users` ADD KEY `user_login_key` (`user_login`);

-- ensureSchema (every table present, no index), statement 4 of 30
ALTER TABLE `wp_users` ADD KEY `user_nicename` (`user_nicename`);

-- ensureSchema (every table present, no index), statement 5 of 30
ALTER TABLE `wp_users` ADD KEY `user_email` (`user_email`);

-- ensureSchema (every table present, no index), statement 6 of 30
ALTER TABLE `wp_usermeta` ADD KEY `user_id` (`user_id`);

-- ensureSchema (every table present, no index), statement 7 of 30
ALTER TABLE `wp_usermeta` ADD KEY `meta_key` (`meta_key`(191));

-- ensureSchema (every table present, no index), statement 8 of 30
ALTER TABLE `wp_options` ADD UNIQUE KEY `option_name` (`option_name`);

-- ensureSchema (every table present, no index), statement 9 of 30
ALTER TABLE `wp_options` ADD KEY `autoload` (`autoload`);

-- ensureSchema (every table present, no index), statement 10 of 30
ALTER TABLE `wp_posts` ADD KEY `post_name` (`post_name`(191));

-- ensureSchema (every table present, no index), statement 11 of 30
ALTER TABLE `wp_posts` ADD KEY `type_status_date` (`post_type`,`post_status`,`post_date`,`ID`);

-- ensureSchema (every table present, no index), statement 12 of 30
ALTER TABLE `wp_posts` ADD KEY `post_parent` (`post_parent`);

-- ensureSchema (every table present, no index), statement 13 of 30
ALTER TABLE `wp_posts` ADD KEY `post_author` (`post_author`);

-- ensureSchema (every table present, no index), statement 14 of 30
ALTER TABLE `wp_postmeta` ADD KEY `post_id` (`post_id`);

-- ensureSchema (every table present, no index), statement 15 of 30
ALTER TABLE `wp_postmeta` ADD KEY `meta_key` (`meta_key`(191));

-- ensureSchema (every table present, no index), statement 16 of 30
ALTER TABLE `wp_terms` ADD KEY `slug` (`slug`(191));

-- ensureSchema (every table present, no index), statement 17 of 30
ALTER TABLE `wp_terms` ADD KEY `name` (`name`(191));

-- ensureSchema (every table present, no index), statement 18 of 30
ALTER TABLE `wp_term_taxonomy` ADD UNIQUE KEY `term_id_taxonomy` (`term_id`,`taxonomy`);

-- ensureSchema (every table present, no index), statement 19 of 30
ALTER TABLE `wp_term_taxonomy` ADD KEY `taxonomy` (`taxonomy`);

-- ensureSchema (every table present, no index), statement 20 of 30
ALTER TABLE `wp_term_relationships` ADD KEY `term_taxonomy_id` (`term_taxonomy_id`);

-- ensureSchema (every table present, no index), statement 21 of 30
ALTER TABLE `wp_termmeta` ADD KEY `term_id` (`term_id`);

-- ensureSchema (every table present, no index), statement 22 of 30
ALTER TABLE `wp_termmeta` ADD KEY `meta_key` (`meta_key`(191));

-- ensureSchema (every table present, no index), statement 23 of 30
ALTER TABLE `wp_tec_events` ADD UNIQUE KEY `post_id` (`post_id`);

-- ensureSchema (every table present, no index), statement 24 of 30
ALTER TABLE `wp_tec_occurrences` ADD KEY `event_id` (`event_id`);

-- ensureSchema (every table present, no index), statement 25 of 30
ALTER TABLE `wp_tec_occurrences` ADD UNIQUE KEY `hash` (`hash`);

-- ensureSchema (every table present, no index), statement 26 of 30
ALTER TABLE `wp_tec_occurrences` ADD KEY `idx_wp_tec_occurrences_post_id_dates` (`post_id`,`end_date`,`start_date`);

-- ensureSchema (every table present, no index), statement 27 of 30
ALTER TABLE `wp_tec_occurrences` ADD KEY `idx_wp_tec_occurrences_post_id_dates_utc` (`post_id`,`end_date_utc`,`start_date_utc`);

-- ensureSchema (every table present, no index), statement 28 of 30
ALTER TABLE `wp_tec_occurrences` ADD KEY `idx_wp_tec_occurrences_start_date` (`start_date`);

-- ensureSchema (every table present, no index), statement 29 of 30
ALTER TABLE `wp_tec_occurrences` ADD KEY `idx_wp_tec_occurrences_start_date_utc` (`start_date_utc`);

-- ensureSchema (every table present, no index), statement 30 of 30
ALTER TABLE `wp_tec_occurrences` ADD KEY `idx_wp_tec_occurrences_end_date_utc` (`end_date_utc`);
