// Access to password-protected events (events.md §4.7).
import type { PostRow } from '../../data/tables.ts';
import type { RestRequest } from '../context.ts';
import { EVENT_TYPE } from '../../domain/post-types.ts';
import { canSeeProtected as canSeeProtectedPost } from '../common/protected.ts';

export { redactProtected } from '../common/protected.ts';

/** Conditions 2 and 3 of §4.7. */
export function canSeeProtected(req: RestRequest, post: PostRow): boolean {
  return canSeeProtectedPost(req, post, EVENT_TYPE.plural);
}
