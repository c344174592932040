// A post's meta changes in as few statements as leave the rows WordPress's own functions leave
// (update_post_meta keeps a key's rows and their IDs, add_post_meta adds one, delete_post_meta
// removes them): one DELETE for every key removed or replaced, one UPDATE for every rewritten
// key, one INSERT for every row added. Keys whose rows already hold the wanted values are not touched.
// All of them are queued (queued-writes.ts): nothing reads their results.
import { sql } from 'kysely';
import type { Writer } from './executor.ts';
import { insertMetaRowsBulk } from './post-queries.ts';
import { queueWrite } from './queued-writes.ts';
import type { PostMeta } from './posts.ts';

export type MetaChange =
  /** update_post_meta: rewrite every row of the key, or add one. */
  | { op: 'set'; key: string; value: string }
  /** Delete every row of the key, then add one row per value, in order. */
  | { op: 'replace'; key: string; values: string[] }
  /** add_post_meta. */
  | { op: 'add'; key: string; value: string }
  | { op: 'delete'; key: string };

interface Statements {
  deleteKeys: Set<string>;
  updates: Map<string, string>;
  inserts: Array<number | string>;
}

function sameValues(current: readonly string[] | undefined, wanted: readonly string[]): boolean {
  return current !== undefined && current.length === wanted.length && current.every((value, i) => value === wanted[i]);
}

/**
 * The statements that take `current` (the post's meta as committed, read under its lock) to the
 * changed rows; each key appears in `changes` at most once. Pure.
 */
export function metaStatements(postId: number, changes: readonly MetaChange[], current: PostMeta): Statements {
  const statements: Statements = { deleteKeys: new Set(), updates: new Map(), inserts: [] };
  const rows = new Map(current);
  for (const change of changes) {
    const held = rows.get(change.key);
    if (change.op === 'set') {
      if (sameValues(held, held?.length ? held.map(() => change.value) : [change.value])) continue;
      if (held?.length && !statements.deleteKeys.has(change.key)) statements.updates.set(change.key, change.value);
      else statements.inserts.push(postId, change.key, change.value);
      rows.set(change.key, held?.length ? held.map(() => change.value) : [change.value]);
    } else if (change.op === 'replace') {
      if (sameValues(held, change.values)) continue;
      if (held?.length) statements.deleteKeys.add(change.key);
      statements.updates.delete(change.key);
      for (const value of change.values) statements.inserts.push(postId, change.key, value);
      rows.set(change.key, [...change.values]);
    } else if (change.op === 'add') {
      statements.inserts.push(postId, change.key, change.value);
      rows.set(change.key, [...(held ?? []), change.value]);
    } else if (held?.length) {
      statements.deleteKeys.add(change.key);
      statements.updates.delete(change.key);
      rows.delete(change.key);
    }
  }
  return statements;
}

export async function applyMetaChanges(trx: Writer, postId: number, changes: readonly MetaChange[], current: PostMeta): Promise<void> {
  const { deleteKeys, updates, inserts } = metaStatements(postId, changes, current);
  if (deleteKeys.size) {
    await queueWrite(trx, trx.deleteFrom('postmeta').where('post_id', '=', postId).where('meta_key', 'in', [...deleteKeys]));
  }
  if (updates.size) {
    // One statement for every key whose rows change value.
    const value = sql<string>`CASE ${sql.ref('meta_key')} ${sql.join([...updates].map(([key, v]) => sql`WHEN ${key} THEN ${v}`), sql` `)} END`;
    await queueWrite(trx, trx.updateTable('postmeta').set({ meta_value: value }).where('post_id', '=', postId).where('meta_key', 'in', [...updates.keys()]));
  }
  if (inserts.length) await insertMetaRowsBulk(trx, inserts);
}
