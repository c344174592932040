// The options a fresh WordPress + TEC site has and wpcal relies on. Added only when missing,
// so an existing WordPress database keeps every value it has.
import type { Db } from '../data/connect.ts';
import { addOption } from '../data/options.ts';
import { phpSerialize } from '../php/serialize.ts';
import { defaultRoles } from '../auth/roles.ts';

export async function ensureDefaultOptions(db: Db): Promise<string[]> {
  const defaults: Array<[string, string]> = [
    ['blogname', 'wpcal'],
    ['blogdescription', 'Just another WordPress site'],
    ['timezone_string', 'UTC'],
    ['gmt_offset', '0'],
    ['permalink_structure', '/%postname%/'],
    ['posts_per_page', '10'],
    [`${db.prefix}user_roles`, phpSerialize(defaultRoles())],
  ];
  const added: string[] = [];
  await db.write(async (trx) => {
    for (const [name, value] of defaults) {
      if (await addOption(trx, name, value)) added.push(name);
    }
  });
  return added;
}
