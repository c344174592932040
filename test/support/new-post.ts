// A published event's posts row as the data tests insert it straight into the table.
import type { NewPost } from '../../src/data/tables.ts';

export function newEventPost(title: string, at = '2026-11-27 12:00:00'): NewPost {
  return {
    post_author: 1, post_date: at, post_date_gmt: at, post_content: '', post_title: title, post_excerpt: '', post_status: 'publish', post_password: '',
    comment_status: 'closed', ping_status: 'closed', post_name: '', to_ping: '', pinged: '', post_modified: at, post_modified_gmt: at,
    post_content_filtered: '', post_parent: 0, guid: '', menu_order: 0, post_type: 'tribe_events', post_mime_type: '', comment_count: 0,
  };
}
