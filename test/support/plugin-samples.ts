// Answers captured from the real plugin and a WordPress + TEC database dump, kept in
// test/fixtures/ (see test/fixtures/plugin-samples/README.md).
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
export const SAMPLES = path.join(FIXTURES, 'plugin-samples');
export const WORDPRESS_DUMP = path.join(FIXTURES, 'wordpress/tec-wordpress-schema-dump.sql');
export const TEC_CSV = path.join(FIXTURES, 'tec-csv');
