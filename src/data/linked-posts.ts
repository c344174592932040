// Venues and organizers as lists (venues-organizers.md §4): pages of posts of one type, filtered by
// status, sets of IDs and a word search over their text columns and some of their meta; and the
// look-up of an existing post by its text (duplicate avoidance on create).
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Reader } from './executor.ts';
import { literalIds } from './id-lists.ts';
import type { Database, PostRow } from './tables.ts';

/** Words that must all be found (case-insensitive substrings) in one text column or one value of these meta keys. */
export interface WordSearch {
  words: readonly string[];
  metaKeys: readonly string[];
}

export interface PostListFilter {
  postType: string;
  statuses: readonly string[];
  /** Only these IDs (null: no restriction). */
  includeIds: ReadonlySet<number> | null;
  /** None of these IDs (null or empty: no restriction). */
  excludeIds: ReadonlySet<number> | null;
  /** A status left out even when `statuses` names it. */
  exceptStatus?: string;
  search?: WordSearch;
}

type PostsBuilder = ExpressionBuilder<Database, 'posts'>;
type TextColumn = 'posts.post_title' | 'posts.post_content' | 'posts.post_excerpt';

/** A column matches when it contains every word; a post when its title, content, excerpt or a value of one of the meta keys matches. */
function wordsFound({ words, metaKeys }: WordSearch) {
  return (eb: PostsBuilder) => {
    const patterns = words.map((word) => `%${word}%`);
    const column = (name: TextColumn) =>
      eb.and(patterns.map((pattern) => eb(sql<string>`lower(${sql.ref(name)})`, 'like', pattern.toLowerCase())));
    const inMeta = (key: string) => eb.exists(eb.selectFrom('postmeta').select('postmeta.meta_id')
      .whereRef('postmeta.post_id', '=', 'posts.ID').where('postmeta.meta_key', '=', key)
      .where((m) => m.and(patterns.map((pattern) => m(sql<string>`lower(${sql.ref('postmeta.meta_value')})`, 'like', pattern.toLowerCase())))));
    return eb.or([column('posts.post_title'), column('posts.post_content'), column('posts.post_excerpt'), ...metaKeys.map(inMeta)]);
  };
}

function filtered<O>(builder: SelectQueryBuilder<Database, 'posts', O>, filter: PostListFilter): SelectQueryBuilder<Database, 'posts', O> {
  let q = builder.where('posts.post_type', '=', filter.postType).where('posts.post_status', 'in', filter.statuses);
  if (filter.includeIds !== null) q = q.where('posts.ID', 'in', literalIds(filter.includeIds));
  if (filter.excludeIds !== null && filter.excludeIds.size) q = q.where('posts.ID', 'not in', literalIds(filter.excludeIds));
  if (filter.exceptStatus !== undefined) q = q.where('posts.post_status', '!=', filter.exceptStatus);
  if (filter.search !== undefined) q = q.where(wordsFound(filter.search));
  return q;
}

/** How many posts match the filter. */
export async function countPostList(db: Reader, filter: PostListFilter): Promise<number> {
  const counted = await filtered(db.selectFrom('posts').select((eb) => eb.fn.countAll<number | string>().as('n')), filter).executeTakeFirst();
  return Number(counted?.n ?? 0);
}

/** A page of the posts matching the filter, newest first (post_date, then ID, descending). */
export async function postListPage(db: Reader, filter: PostListFilter, limit: number, offset: number): Promise<PostRow[]> {
  return filtered(db.selectFrom('posts').selectAll('posts'), filter)
    .orderBy('posts.post_date', 'desc').orderBy('posts.ID', 'desc')
    .limit(limit).offset(offset)
    .execute();
}

export interface PostText {
  postType: string;
  /** A status the post must not have. */
  exceptStatus: string;
  /** Compared case-insensitively with post_title. */
  title: string;
  /** Compared case-insensitively with post_content; undefined: any content. */
  content?: string;
}

/** Posts of the type whose title (and content, when given) equal these, case-insensitively, in ID order. */
export async function postsWithText(db: Reader, text: PostText): Promise<PostRow[]> {
  let query = db.selectFrom('posts').selectAll()
    .where('post_type', '=', text.postType).where('post_status', '!=', text.exceptStatus)
    .where((eb) => eb(eb.fn('lower', ['post_title']), '=', text.title.toLowerCase()));
  const { content } = text;
  if (content !== undefined) query = query.where((eb) => eb(eb.fn('lower', ['post_content']), '=', content.toLowerCase()));
  return query.orderBy('ID').execute();
}
