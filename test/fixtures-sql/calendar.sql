-- A calendar as WordPress + The Events Calendar store it, on top of the site of the shared
-- schema dump (site time zone America/Los_Angeles, home http://wordpress.test, user 1 admin,
-- term 1 Uncategorized). `{prefix}` is the table prefix. Plain INSERT/UPDATE statements that
-- MariaDB and SQLite both run; one statement per line group, each ending with `;` at a line end.
--
-- Posts: 10 attachment, 11 venue, 12 organizer, 13 TEC 6 event (with tec_events/tec_occurrences
-- rows), 14 TEC 5 all-day event (postmeta only), 15 hand-written event without time zone and UTC
-- meta, 16 event without an end date, 17 event with an unparseable start, 18 blog post, 19 page,
-- 20 draft TEC 6 event of user 3, 21 revision of 13, 22 auto-draft event, 23 another plugin's
-- post type. Users: 2 editor ($P$ application password), 3 author ($generic$), 4 contributor
-- (legacy MD5). Terms: 2 Music and 4 Markets (tribe_events_cat), 3 Jazz (post_tag).

INSERT INTO {prefix}users (ID, user_login, user_pass, user_nicename, user_email, user_url, user_registered, user_activation_key, user_status, display_name) VALUES
(2, 'ed', '$P$BkVL1NK1fQ3k7KYt2tVq6Qmk5y7o3f/', 'ed', 'ed@wordpress.test', '', '2025-01-01 09:00:00', '', 0, 'Ed Editor'),
(3, 'al', '$wp$2y$05$zyxwvutsrqponmlkjihgfeWynoOBg61uDmlowABioYnldI25HCKmG', 'al', 'al@wordpress.test', '', '2025-01-01 09:00:00', '', 0, 'Al Author'),
(4, 'co', '$P$BkVL1NK1fQ3k7KYt2tVq6Qmk5y7o3f/', 'co', 'co@wordpress.test', '', '2025-01-01 09:00:00', '', 0, 'Co Contributor');

INSERT INTO {prefix}usermeta (user_id, meta_key, meta_value) VALUES
(2, 'nickname', 'ed'),
(2, '{prefix}capabilities', 'a:1:{s:6:"editor";b:1;}'),
(2, '{prefix}user_level', '7'),
(2, '_application_passwords', 'a:1:{i:0;a:7:{s:4:"uuid";s:36:"2b9e5f3a-6c1d-4e8f-9a0b-1c2d3e4f5a6b";s:6:"app_id";s:0:"";s:4:"name";s:12:"calendar app";s:8:"password";s:34:"$P$BXyZ09./AfXc7PS1Koky72GMiYBW3o1";s:7:"created";i:1735689600;s:9:"last_used";N;s:7:"last_ip";N;}}'),
(3, 'nickname', 'al'),
(3, '{prefix}capabilities', 'a:1:{s:6:"author";b:1;}'),
(3, '{prefix}user_level', '2'),
(3, '_application_passwords', 'a:1:{i:0;a:7:{s:4:"uuid";s:36:"7d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b1a";s:6:"app_id";s:0:"";s:4:"name";s:5:"phone";s:8:"password";s:49:"$generic$F6W18u0QEytvRVb59DemVWRxyTxU6vg_VK0s_f-h";s:7:"created";i:1735689600;s:9:"last_used";N;s:7:"last_ip";N;}}'),
(4, 'nickname', 'co'),
(4, '{prefix}capabilities', 'a:1:{s:11:"contributor";b:1;}'),
(4, '{prefix}user_level', '1'),
(4, '_application_passwords', 'a:1:{i:0;a:7:{s:4:"uuid";s:36:"0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";s:6:"app_id";s:0:"";s:4:"name";s:3:"old";s:8:"password";s:32:"5f4dcc3b5aa765d61d8327deb882cf99";s:7:"created";i:1735689600;s:9:"last_used";N;s:7:"last_ip";N;}}');

INSERT INTO {prefix}options (option_name, option_value, autoload) VALUES
('using_application_passwords', '1', 'yes');

INSERT INTO {prefix}posts (ID, post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count) VALUES
(10, 1, '2026-11-20 10:00:00', '2026-11-20 18:00:00', '', 'jazz', '', 'inherit', 'open', 'closed', '', 'jazz', '', '', '2026-11-20 10:00:00', '2026-11-20 18:00:00', '', 0, 'http://wordpress.test/wp-content/uploads/2026/11/jazz.jpg', 0, 'attachment', 'image/jpeg', 0),
(11, 1, '2026-11-20 10:05:00', '2026-11-20 18:05:00', 'The big hall.', 'Oracle Hall', '', 'publish', 'closed', 'closed', '', 'oracle-hall', '', '', '2026-11-20 10:05:00', '2026-11-20 18:05:00', '', 0, 'http://wordpress.test/venue/oracle-hall/', 0, 'tribe_venue', '', 0),
(12, 1, '2026-11-20 10:06:00', '2026-11-20 18:06:00', '', 'Oracle Org', '', 'publish', 'closed', 'closed', '', 'oracle-org', '', '', '2026-11-20 10:06:00', '2026-11-20 18:06:00', '', 0, 'http://wordpress.test/organizer/oracle-org/', 0, 'tribe_organizer', '', 0),
(13, 1, '2026-11-20 10:15:00', '2026-11-20 18:15:00', '<!-- wp:paragraph -->
<p>Live jazz</p>
<!-- /wp:paragraph -->', 'Jazz Night', 'Jazz!', 'publish', 'open', 'closed', '', 'jazz-night', '', '', '2026-11-21 08:30:00', '2026-11-21 16:30:00', '', 0, 'http://wordpress.test/event/jazz-night/', 0, 'tribe_events', '', 0),
(14, 2, '2025-06-01 12:00:00', '2025-06-01 19:00:00', 'Fresh food every week.', 'Farmers Market', '', 'publish', 'open', 'closed', '', 'farmers-market', '', '', '2025-06-01 12:00:00', '2025-06-01 19:00:00', '', 0, 'http://wordpress.test/?post_type=tribe_events&p=14', -1, 'tribe_events', '', 0),
(15, 1, '2025-06-02 12:00:00', '2025-06-02 19:00:00', '', 'Poetry Evening', '', 'publish', 'open', 'closed', '', 'poetry-evening', '', '', '2025-06-02 12:00:00', '2025-06-02 19:00:00', '', 0, 'http://wordpress.test/?post_type=tribe_events&p=15', 0, 'tribe_events', '', 0),
(16, 1, '2025-06-03 12:00:00', '2025-06-03 19:00:00', '', 'No End', '', 'publish', 'open', 'closed', '', 'no-end', '', '', '2025-06-03 12:00:00', '2025-06-03 19:00:00', '', 0, 'http://wordpress.test/?post_type=tribe_events&p=16', 0, 'tribe_events', '', 0),
(17, 1, '2025-06-04 12:00:00', '2025-06-04 19:00:00', '', 'Bad Start', '', 'publish', 'open', 'closed', '', 'bad-start', '', '', '2025-06-04 12:00:00', '2025-06-04 19:00:00', '', 0, 'http://wordpress.test/?post_type=tribe_events&p=17', 0, 'tribe_events', '', 0),
(18, 1, '2026-11-01 09:00:00', '2026-11-01 16:00:00', '<p>Welcome.</p>', 'Hello world!', '', 'publish', 'open', 'open', '', 'hello-world', '', '', '2026-11-01 09:00:00', '2026-11-01 16:00:00', '', 0, 'http://wordpress.test/?p=18', 0, 'post', '', 0),
(19, 1, '2026-11-01 09:00:00', '2026-11-01 16:00:00', '<p>About us.</p>', 'Sample Page', '', 'publish', 'closed', 'open', '', 'sample-page', '', '', '2026-11-01 09:00:00', '2026-11-01 16:00:00', '', 0, 'http://wordpress.test/?page_id=19', 0, 'page', '', 0),
(20, 3, '2026-11-21 09:00:00', '0000-00-00 00:00:00', '', 'Secret Rehearsal', '', 'draft', 'open', 'closed', '', '', '', '', '2026-11-21 09:00:00', '2026-11-21 17:00:00', '', 0, 'http://wordpress.test/?post_type=tribe_events&p=20', 0, 'tribe_events', '', 0),
(21, 1, '2026-11-21 08:30:00', '2026-11-21 16:30:00', '<p>Live jazz</p>', 'Jazz Night', 'Jazz!', 'inherit', 'closed', 'closed', '', '13-revision-v1', '', '', '2026-11-21 08:30:00', '2026-11-21 16:30:00', '', 13, 'http://wordpress.test/?p=21', 0, 'revision', '', 0),
(22, 1, '2026-11-21 08:40:00', '0000-00-00 00:00:00', '', 'Auto Draft', '', 'auto-draft', 'open', 'closed', '', '', '', '', '2026-11-21 08:40:00', '0000-00-00 00:00:00', '', 0, 'http://wordpress.test/?post_type=tribe_events&p=22', 0, 'tribe_events', '', 0),
(23, 1, '2026-11-01 09:00:00', '2026-11-01 16:00:00', 'A mug.', 'Jazz Mug', '', 'publish', 'closed', 'closed', '', 'jazz-mug', '', '', '2026-11-01 09:00:00', '2026-11-01 16:00:00', '', 0, 'http://wordpress.test/?post_type=product&p=23', 0, 'product', '', 0);

INSERT INTO {prefix}postmeta (post_id, meta_key, meta_value) VALUES
(10, '_wp_attached_file', '2026/11/jazz.jpg'),
(10, '_wp_attachment_metadata', 'a:6:{s:5:"width";i:1200;s:6:"height";i:800;s:4:"file";s:16:"2026/11/jazz.jpg";s:8:"filesize";i:182344;s:5:"sizes";a:2:{s:6:"medium";a:5:{s:4:"file";s:16:"jazz-300x200.jpg";s:5:"width";i:300;s:6:"height";i:200;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:13216;}s:9:"thumbnail";a:5:{s:4:"file";s:16:"jazz-150x150.jpg";s:5:"width";i:150;s:6:"height";i:150;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:6120;}}s:10:"image_meta";a:12:{s:8:"aperture";s:1:"0";s:6:"credit";s:0:"";s:6:"camera";s:0:"";s:7:"caption";s:0:"";s:17:"created_timestamp";s:1:"0";s:9:"copyright";s:0:"";s:12:"focal_length";s:1:"0";s:3:"iso";s:1:"0";s:13:"shutter_speed";s:1:"0";s:5:"title";s:0:"";s:11:"orientation";s:1:"0";s:8:"keywords";a:0:{}}}'),
(11, '_VenueOrigin', 'events-calendar'),
(11, '_EventShowMapLink', '1'),
(11, '_EventShowMap', '1'),
(11, '_VenueShowMapLink', '1'),
(11, '_VenueShowMap', '1'),
(11, '_VenueAddress', '1 Main St'),
(11, '_VenueCity', 'Springfield'),
(11, '_VenueCountry', 'United States'),
(11, '_VenueProvince', ''),
(11, '_VenueState', 'IL'),
(11, '_VenueZip', '62701'),
(11, '_VenuePhone', '555-0100'),
(11, '_VenueURL', 'http://example.com/hall'),
(11, '_VenueStateProvince', 'IL'),
(11, '_edit_lock', '1763660700:1'),
(12, '_OrganizerOrigin', 'events-calendar'),
(12, '_OrganizerPhone', '555-0199'),
(12, '_OrganizerWebsite', 'http://example.com/org'),
(12, '_OrganizerEmail', 'org@example.com'),
(13, '_edit_lock', '1763742600:1'),
(13, '_edit_last', '1'),
(13, '_EventOrigin', 'events-calendar'),
(13, '_tribe_modified_fields', 'a:1:{s:15:"_EventStartDate";i:1763742600;}'),
(13, '_EventShowMapLink', '1'),
(13, '_EventShowMap', '1'),
(13, '_EventStartDate', '2026-12-10 19:00:00'),
(13, '_EventEndDate', '2026-12-10 22:30:00'),
(13, '_EventStartDateUTC', '2026-12-11 03:00:00'),
(13, '_EventEndDateUTC', '2026-12-11 06:30:00'),
(13, '_EventDuration', '12600'),
(13, '_EventTimezone', 'America/Los_Angeles'),
(13, '_EventTimezoneAbbr', 'PST'),
(13, '_EventVenueID', '11'),
(13, '_EventOrganizerID', '12'),
(13, '_EventCost', '25'),
(13, '_EventCurrencySymbol', '$'),
(13, '_EventCurrencyCode', 'USD'),
(13, '_EventCurrencyPosition', 'prefix'),
(13, '_EventURL', 'http://example.com/jazz'),
(13, '_tribe_featured', '1'),
(13, '_thumbnail_id', '10'),
(13, '_yoast_wpseo_title', 'Jazz Night tickets'),
(14, '_EventOrigin', 'events-calendar'),
(14, '_EventShowMapLink', ''),
(14, '_EventShowMap', '1'),
(14, '_EventAllDay', 'yes'),
(14, '_EventStartDate', '2026-12-12 00:00:00'),
(14, '_EventEndDate', '2026-12-12 23:59:59'),
(14, '_EventStartDateUTC', '2026-12-12 08:00:00'),
(14, '_EventEndDateUTC', '2026-12-13 07:59:59'),
(14, '_EventTimezone', 'America/Los_Angeles'),
(14, '_EventTimezoneAbbr', 'PST'),
(14, '_EventVenueID', '11'),
(14, '_EventCost', 'Free'),
(15, '_EventStartDate', '2026-12-15 18:00:00'),
(15, '_EventEndDate', '2026-12-15 20:00:00'),
(15, '_EventDuration', '7200'),
(16, '_EventStartDate', '2026-12-16 18:00:00'),
(16, '_EventTimezone', 'America/Los_Angeles'),
(17, '_EventStartDate', 'next tuesday'),
(17, '_EventEndDate', '2026-12-17 20:00:00'),
(17, '_EventTimezone', 'America/Los_Angeles'),
(18, '_edit_lock', '1761900000:1'),
(18, '_EventStartDate', '2026-12-01 10:00:00'),
(20, '_EventOrigin', 'events-calendar'),
(20, '_EventShowMapLink', ''),
(20, '_EventShowMap', ''),
(20, '_EventStartDate', '2026-12-20 10:00:00'),
(20, '_EventEndDate', '2026-12-20 12:00:00'),
(20, '_EventStartDateUTC', '2026-12-20 18:00:00'),
(20, '_EventEndDateUTC', '2026-12-20 20:00:00'),
(20, '_EventDuration', '7200'),
(20, '_EventTimezone', 'America/Los_Angeles'),
(20, '_EventTimezoneAbbr', 'PST'),
(22, '_EventStartDate', '2026-12-22 10:00:00'),
(22, '_EventEndDate', '2026-12-22 12:00:00'),
(23, '_price', '12'),
(23, '_EventStartDate', '2026-12-01 10:00:00'),
(23, '_EventEndDate', '2026-12-01 11:00:00');

INSERT INTO {prefix}terms (term_id, name, slug, term_group) VALUES
(2, 'Music', 'music', 0),
(3, 'Jazz', 'jazz', 0),
(4, 'Markets &amp; Fairs', 'markets-fairs', 0);

INSERT INTO {prefix}term_taxonomy (term_taxonomy_id, term_id, taxonomy, description, parent, count) VALUES
(2, 2, 'tribe_events_cat', 'Music events', 0, 1),
(3, 3, 'post_tag', '', 0, 2),
(4, 4, 'tribe_events_cat', '', 0, 1);

INSERT INTO {prefix}term_relationships (object_id, term_taxonomy_id, term_order) VALUES
(13, 2, 0),
(13, 3, 0),
(14, 4, 0),
(18, 1, 0),
(18, 3, 0),
(23, 3, 0);

UPDATE {prefix}term_taxonomy SET count = 1 WHERE term_taxonomy_id = 1;

INSERT INTO {prefix}tec_events (event_id, post_id, start_date, end_date, timezone, start_date_utc, end_date_utc, duration, updated_at, hash) VALUES
(1, 13, '2026-12-10 19:00:00', '2026-12-10 22:30:00', 'America/Los_Angeles', '2026-12-11 03:00:00', '2026-12-11 06:30:00', 12600, '2026-11-21 16:30:00', ''),
(2, 20, '2026-12-20 10:00:00', '2026-12-20 12:00:00', 'America/Los_Angeles', '2026-12-20 18:00:00', '2026-12-20 20:00:00', 7200, '2026-11-21 17:00:00', '');

INSERT INTO {prefix}tec_occurrences (occurrence_id, event_id, post_id, start_date, start_date_utc, end_date, end_date_utc, duration, hash, updated_at) VALUES
(1, 1, 13, '2026-12-10 19:00:00', '2026-12-11 03:00:00', '2026-12-10 22:30:00', '2026-12-11 06:30:00', 12600, '3bdd76fd1732b9db92dbda85fe500bc4ace7aad0', '2026-11-21 16:30:00'),
(2, 2, 20, '2026-12-20 10:00:00', '2026-12-20 18:00:00', '2026-12-20 12:00:00', '2026-12-20 20:00:00', 7200, 'b330c651a9e0272f44bef8d8edc3e451a787d26b', '2026-11-21 17:00:00');
