#!/usr/bin/env node
// The command runs the build of src/ (dist/, made by `npm run build`, which `npm install` runs):
// through a TypeScript loader every process paid a second thread for the loader, some 45 MB, and
// a third of a second to start.
import fs from 'node:fs';

// PHP inside WordPress always runs in UTC; the date parsing reproduces PHP under that assumption.
process.env.TZ = 'UTC';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!fs.existsSync(entry)) {
  process.stderr.write('wpcal is not built: run `npm run build` in its folder (`npm install` runs it)\n');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
