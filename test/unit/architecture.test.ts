// The module graph of src/: no import cycles, and every layer depends only on the layers below it:
// data < domain (with auth, site, text, time, php) < api < the adapters (http, cli, transfer, media,
// and web: the front-end pages, which http serves); i18n (catalogs and the request's language)
// sits below them all.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const SRC = path.resolve(import.meta.dirname, '../../src');
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each file of src/ (relative) → the files of src/ it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => path.relative(SRC, path.resolve(path.dirname(file), m[1]!)));
    graph.set(path.relative(SRC, file), targets);
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('architecture of src/', () => {
  const graph = importGraph();

  it('reads the import graph', () => {
    expect(graph.size).to.be.greaterThan(100);
    expect(graph.get('server.ts')).to.include('data/connect.ts');
  });

  it('has no import cycle', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).to.deep.equal([]);
  });

  it('keeps the data layer free of everything above it', () => {
    const upward = [...graph].flatMap(([file, targets]) => (file.startsWith('data/')
      ? targets.filter((target) => !target.startsWith('data/') && !/^(php|time|text)\//.test(target)).map((target) => `${file} → ${target}`)
      : []));
    expect(upward).to.deep.equal([]);
  });

  it('keeps translation (i18n) a leaf every layer may use: it imports nothing of src/ but itself', () => {
    const outward = [...graph].flatMap(([file, targets]) => (file.startsWith('i18n/')
      ? targets.filter((target) => !target.startsWith('i18n/')).map((target) => `${file} → ${target}`)
      : []));
    expect(outward).to.deep.equal([]);
  });

  /** Imports from `layers` to any of `above`, as "file → target". */
  const importsInto = (layers: readonly string[], above: readonly string[]): string[] => [...graph].flatMap(([file, targets]) => (
    layers.includes(file.split('/')[0]!)
      ? targets.filter((target) => above.includes(target.split('/')[0]!)).map((target) => `${file} → ${target}`)
      : []));
  const ADAPTERS = ['http', 'cli', 'transfer', 'setup', 'fixtures', 'media', 'web', 'server.ts', 'services.ts'];

  it('keeps the domain free of the REST layer and the adapters', () => {
    expect(importsInto(['domain', 'auth', 'site', 'users'], ['api', ...ADAPTERS])).to.deep.equal([]);
  });

  it('keeps the REST layer free of the adapters, but for the iCalendar feed (transfer\'s event reader and writer)', () => {
    const sideways = importsInto(['api'], ADAPTERS);
    expect(sideways.filter((edge) => !edge.startsWith('api/ical.ts → transfer/'))).to.deep.equal([]);
  });

  it('keeps the network and file code of images (media) below the REST layer and the other adapters, reached through services', () => {
    expect(importsInto(['media'], ['api', 'data', ...ADAPTERS.filter((adapter) => adapter !== 'media')])).to.deep.equal([]);
  });

  it('keeps the front-end pages (web/) beside the other adapters: only http serves them, and they use none of the others', () => {
    const intoWeb = [...graph].flatMap(([file, targets]) => targets.filter((t) => t.startsWith('web/') && !file.startsWith('web/') && !file.startsWith('http/')).map((t) => `${file} → ${t}`));
    expect(intoWeb).to.deep.equal([]);
    expect(importsInto(['web'], ADAPTERS.filter((adapter) => adapter !== 'web'))).to.deep.equal([]);
    expect(graph.get('http/app.ts')).to.include('web/front-end.ts');
  });

  it('builds SQL only in the data layer', () => {
    const sqlBuilding = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql(<[^>]*>)?`/;
    const outside = [...graph.keys()].filter((file) => !file.startsWith('data/')
      && sqlBuilding.test(fs.readFileSync(path.join(SRC, file), 'utf8')));
    expect(outside).to.deep.equal([]);
  });
});
