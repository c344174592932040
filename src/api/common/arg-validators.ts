// TEC's argument validators that look a value up in the database (tribe-common Validator/Base.php).
import type { RestRequest } from '../context.ts';
import { getPost } from '../../data/posts.ts';
import { userExists } from '../../data/users.ts';
import { EVENT_TYPE } from '../../domain/post-types.ts';
import { isPhpEmpty } from '../../domain/values.ts';

/** is_user_id: numeric and an existing user. */
export async function isUserId(value: unknown, req: RestRequest): Promise<boolean> {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\s*\d+\s*$/.test(text)) return false;
  return userExists(req.services.db.kysely, Number(text));
}

/** is_event_id: not empty, and `get_post((int) value)` is an event (any status). */
export async function isEventId(value: unknown, req: RestRequest): Promise<boolean> {
  if (isPhpEmpty(value) || (typeof value !== 'string' && typeof value !== 'number')) return false;
  const id = Math.trunc(Number.parseInt(String(value), 10));
  if (!Number.isSafeInteger(id)) return false;
  const post = await getPost(req.services.db.kysely, id);
  return post?.post_type === EVENT_TYPE.type;
}
