// Query snapshots: every statement the data layer issues, compiled for SQLite and MySQL, is written
// in src/data/queries/ by `npm run queries`; these tests fail when the code's SQL and those files
// part, and when an export of src/data/ is left out of the catalogue (test/support/query-catalogue.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { CATALOGUE } from '../support/query-catalogue.ts';
import { readSnapshots, renderSnapshots, snapshotDifferences, type ModuleEntry } from '../support/query-recorder.ts';

const DATA = path.resolve(import.meta.dirname, '../../src/data');

/** Each module of src/data/ (file name without `.ts`) → its namespace. */
async function dataModules(): Promise<Map<string, Record<string, unknown>>> {
  const modules = new Map<string, Record<string, unknown>>();
  for (const file of fs.readdirSync(DATA).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts')).sort()) {
    modules.set(file.slice(0, -'.ts'.length), await import(pathToFileURL(path.join(DATA, file)).href));
  }
  return modules;
}

/** The exported functions and classes of a module: what may issue SQL. */
const callableExports = (namespace: Record<string, unknown>): string[] =>
  Object.entries(namespace).filter(([, value]) => typeof value === 'function').map(([name]) => name);

/** Why the catalogue does not account for the modules' exports; empty when it does. */
function coverageProblems(modules: ReadonlyMap<string, Record<string, unknown>>, catalogue: readonly ModuleEntry[]): string[] {
  const problems: string[] = [];
  const entries = new Map<string, ModuleEntry>();
  for (const entry of catalogue) {
    if (entries.has(entry.module)) problems.push(`${entry.module}: catalogued twice`);
    entries.set(entry.module, entry);
    const namespace = modules.get(entry.module);
    if (!namespace) problems.push(`${entry.module}: catalogued, but src/data/${entry.module}.ts does not exist`);
    // Compared by export names: under mocha, tsx may load a module twice (required and imported).
    else if (Object.keys(entry.namespace).join() !== Object.keys(namespace).join()) {
      problems.push(`${entry.module}: its catalogue entry holds another module's namespace`);
    }
  }
  for (const [module, namespace] of modules) {
    const entry = entries.get(module);
    const exported = callableExports(namespace);
    const lists = entry ? [entry.cases, entry.noSql, entry.uncatalogued].map((list) => Object.keys(list)) : [[], [], []];
    const accounted = lists.flat();
    for (const name of exported) {
      if (!accounted.includes(name)) {
        problems.push(`src/data/${module}.ts exports ${name}, which the query catalogue (test/support/query-catalogue.ts) `
          + 'neither runs (cases) nor lists as issuing no SQL (noSql) or as not snapshotted (uncatalogued)');
      }
    }
    for (const name of accounted) {
      if (!exported.includes(name)) problems.push(`${module}: the catalogue names ${name}, which src/data/${module}.ts does not export as a function`);
      if (accounted.filter((other) => other === name).length > 1) problems.push(`${module}: ${name} is in more than one list of the catalogue`);
    }
    for (const [name, cases] of Object.entries(entry?.cases ?? {}) as Array<[string, readonly unknown[]]>) {
      if (!cases.length) problems.push(`${module}: ${name} has an empty case list`);
    }
  }
  return [...new Set(problems)];
}

describe('query snapshots (src/data/queries)', () => {
  // Rendered once for both tests that need it, not in a hook: a case that throws then fails those
  // tests, and the coverage check still runs.
  let rendering: Promise<Map<string, string>> | undefined;
  const rendered = () => rendering ??= renderSnapshots(CATALOGUE);

  it('catalogues every exported function and class of src/data/', async () => {
    const problems = coverageProblems(await dataModules(), CATALOGUE);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('renders the same SQL twice over (no clock, randomness or leftover state in the output)', async () => {
    expect([...await renderSnapshots(CATALOGUE)]).to.deep.equal([...await rendered()]);
  });

  it('match the SQL the data layer issues', async () => {
    const problems = snapshotDifferences(await rendered(), readSnapshots());
    if (problems.length) {
      expect.fail(`the query snapshots are out of date; if the SQL change is intended, run \`npm run queries\` and commit the files.\n\n${problems.join('\n\n')}`);
    }
  });
});
