// Effective capabilities of a user and WordPress's map_meta_cap for posts (conventions.md §5.4–5.5).
import { createHash } from 'node:crypto';
import type { PhpValue } from '../php/serialize.ts';
import type { RoleTable } from './roles.ts';

export interface CurrentUser {
  id: number;
  login: string;
  roles: string[];
  can(capability: string): boolean;
  /**
   * Who the user is to a permission check: their ID and a digest of the capabilities they hold.
   * Two users, or one user before and after a change of role, never share it.
   */
  readerKey: string;
}

function readerKey(id: number, granted: ReadonlyMap<string, boolean>): string {
  const held = [...granted].filter(([, on]) => on).map(([cap]) => cap).sort();
  return `${id}.${createHash('sha256').update(JSON.stringify(held)).digest('base64url').slice(0, 22)}`;
}

function asRecord(value: PhpValue | undefined): Record<string, PhpValue> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function truthy(value: PhpValue): boolean {
  return value !== false && value !== null && value !== 0 && value !== '' && value !== '0';
}

/** Reads a `{prefix}user_roles` option value into a role table (tolerating odd shapes). */
export function roleTableFrom(value: PhpValue): RoleTable {
  const table: RoleTable = {};
  for (const [role, entry] of Object.entries(asRecord(value))) {
    const record = asRecord(entry);
    const caps: Record<string, boolean> = {};
    for (const [cap, granted] of Object.entries(asRecord(record.capabilities))) caps[cap] = truthy(granted);
    table[role] = { name: typeof record.name === 'string' ? record.name : role, capabilities: caps };
  }
  return table;
}

/** Union of the capabilities of each role held, overlaid with the user's own entries. */
export function buildUser(id: number, login: string, capabilitiesMeta: PhpValue, roles: RoleTable): CurrentUser {
  const own = asRecord(capabilitiesMeta);
  const held: string[] = [];
  const granted = new Map<string, boolean>();
  for (const [key, value] of Object.entries(own)) {
    const role = roles[key];
    if (!role || !truthy(value)) continue;
    held.push(key);
    for (const [cap, on] of Object.entries(role.capabilities)) {
      if (on || !granted.has(cap)) granted.set(cap, on);
    }
  }
  for (const [key, value] of Object.entries(own)) {
    if (!roles[key]) granted.set(key, truthy(value));
  }
  let key: string | undefined;
  return {
    id, login, roles: held,
    can: (cap) => granted.get(cap) === true,
    // Computed once asked for: writes never ask.
    get readerKey() {
      return key ??= readerKey(id, granted);
    },
  };
}

export type MetaCapability = 'read_post' | 'edit_post' | 'delete_post';

export interface PostForCapabilities {
  post_author: number;
  post_status: string;
  /** `_wp_trash_meta_status` of a trashed post: the status it had before. */
  trashedFrom?: string | null;
}

/** The primitive capabilities a meta capability on this post needs; 'do_not_allow' never passes. */
export function mapMetaCap(meta: MetaCapability, user: CurrentUser | null, post: PostForCapabilities, plural: string): string[] {
  const isAuthor = user !== null && post.post_author !== 0 && post.post_author === user.id;
  if (meta === 'read_post') {
    if (post.post_status === 'publish' || isAuthor) return ['read'];
    if (post.post_status === 'private') return [`read_private_${plural}`];
    return mapMetaCap('edit_post', user, post, plural);
  }
  const verb = meta === 'edit_post' ? 'edit' : 'delete';
  const status = post.post_status === 'trash' ? (post.trashedFrom ?? '') : post.post_status;
  const published = status === 'publish' || status === 'future';
  if (isAuthor) return [published ? `${verb}_published_${plural}` : `${verb}_${plural}`];
  const caps = [`${verb}_others_${plural}`];
  if (published) caps.push(`${verb}_published_${plural}`);
  if (status === 'private') caps.push(`${verb}_private_${plural}`);
  return caps;
}

export function userCan(user: CurrentUser | null, capability: string): boolean {
  return user !== null && user.can(capability);
}

export function userCanPost(meta: MetaCapability, user: CurrentUser | null, post: PostForCapabilities, plural: string): boolean {
  const required = mapMetaCap(meta, user, post, plural);
  if (required.length === 1 && required[0] === 'read' && post.post_status === 'publish') return true;
  return user !== null && required.every((cap) => user.can(cap));
}
