// WordPress's default roles with The Events Calendar's capabilities added (conventions.md §5.4).

export const ROLE_NAMES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ROLE_LABELS: Record<RoleName, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
  subscriber: 'Subscriber',
};

export const USER_LEVELS: Record<RoleName, number> = {
  administrator: 10, editor: 7, author: 2, contributor: 1, subscriber: 0,
};

const levels = (top: number): string[] => Array.from({ length: top + 1 }, (_, i) => `level_${i}`);

const SUBSCRIBER = ['read', ...levels(0)];
const CONTRIBUTOR = ['edit_posts', 'read', ...levels(1), 'delete_posts'];
const AUTHOR = ['upload_files', 'edit_posts', 'edit_published_posts', 'publish_posts', 'read', ...levels(2),
  'delete_posts', 'delete_published_posts'];
const EDITOR = ['moderate_comments', 'manage_categories', 'manage_links', 'upload_files', 'unfiltered_html',
  'edit_posts', 'edit_others_posts', 'edit_published_posts', 'publish_posts', 'edit_pages', 'read', ...levels(7),
  'edit_others_pages', 'edit_published_pages', 'publish_pages', 'delete_pages', 'delete_others_pages',
  'delete_published_pages', 'delete_posts', 'delete_others_posts', 'delete_published_posts', 'delete_private_posts',
  'edit_private_posts', 'read_private_posts', 'delete_private_pages', 'edit_private_pages', 'read_private_pages'];
const ADMINISTRATOR = [...EDITOR.filter((c) => !c.startsWith('level_')), ...levels(10),
  'switch_themes', 'edit_themes', 'activate_plugins', 'edit_plugins', 'edit_users', 'edit_files', 'manage_options',
  'import', 'delete_users', 'create_users', 'unfiltered_upload', 'edit_dashboard', 'update_plugins',
  'delete_plugins', 'install_plugins', 'update_themes', 'install_themes', 'update_core', 'list_users',
  'remove_users', 'promote_users', 'edit_theme_options', 'delete_themes', 'export'];

const TEC_POST_TYPES = ['tribe_events', 'tribe_venues', 'tribe_organizers', 'aggregator-records'];
const TEC_FULL = ['read_private', 'edit', 'edit_others', 'edit_private', 'edit_published', 'delete',
  'delete_others', 'delete_private', 'delete_published', 'publish'];
const TEC_BY_ROLE: Record<RoleName, string[]> = {
  administrator: TEC_FULL,
  editor: TEC_FULL,
  author: ['edit', 'edit_published', 'delete', 'delete_published', 'publish'],
  contributor: ['edit', 'delete'],
  subscriber: [],
};

function tecCaps(role: RoleName): string[] {
  return TEC_POST_TYPES.flatMap((type) => TEC_BY_ROLE[role].map((verb) => `${verb}_${type}`));
}

const CORE: Record<RoleName, string[]> = {
  administrator: ADMINISTRATOR, editor: EDITOR, author: AUTHOR, contributor: CONTRIBUTOR, subscriber: SUBSCRIBER,
};

export type RoleTable = Record<string, { name: string; capabilities: Record<string, boolean> }>;

/** The `{prefix}user_roles` content of a fresh WordPress with TEC activated. */
export function defaultRoles(): RoleTable {
  const table: RoleTable = {};
  for (const role of ROLE_NAMES) {
    const caps: Record<string, boolean> = {};
    for (const cap of [...CORE[role], ...tecCaps(role)]) caps[cap] = true;
    table[role] = { name: ROLE_LABELS[role], capabilities: caps };
  }
  return table;
}

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}
