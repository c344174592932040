// The project's shared contract and data: `../shared` beside the repository (as in CI),
// or wherever WPCAL_SHARED points.
import path from 'node:path';

export const SHARED = process.env.WPCAL_SHARED ?? path.resolve(import.meta.dirname, '../../../shared');
export const SAMPLES = path.join(SHARED, 'spec/samples');
export const WORDPRESS_DUMP = path.join(SHARED, 'data/wordpress/tec-wordpress-schema-dump.sql');
