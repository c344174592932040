// `npm run queries`: writes the query snapshots of src/data/queries/ (one file per data module and
// dialect) from the catalogue, and removes the files the catalogue no longer makes.
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE } from './query-catalogue.ts';
import { QUERIES_DIR, readSnapshots, renderSnapshots } from './query-recorder.ts';

const generated = await renderSnapshots(CATALOGUE);
const before = readSnapshots();
fs.mkdirSync(QUERIES_DIR, { recursive: true });
let changed = 0;
for (const [name, text] of generated) {
  if (before.get(name) === text) continue;
  fs.writeFileSync(path.join(QUERIES_DIR, name), text);
  console.log(`${before.has(name) ? 'updated' : 'created'} ${path.relative(process.cwd(), path.join(QUERIES_DIR, name))}`);
  changed++;
}
for (const name of before.keys()) {
  if (generated.has(name)) continue;
  fs.rmSync(path.join(QUERIES_DIR, name));
  console.log(`removed ${path.relative(process.cwd(), path.join(QUERIES_DIR, name))}`);
  changed++;
}
console.log(`${generated.size} query snapshot files, ${changed} changed`);
