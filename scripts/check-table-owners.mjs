// Every table has one owning module (docs/decisions/0033-tables-with-owners.md). A module reads and
// writes its own tables; another module's data it reaches through that module's public reads. This
// check reads the tables each module file imports from db/schema (a table's owner is the module its
// schema file is named after; a module imports schema files, never the whole schema of
// db/schema/index.ts) and the modules each module imports,
// and fails on any loop between modules (none is left, so none is allowed back: two modules that
// need each other are composed one level above both) and on a use of another module's table that
// is not in the ratchet file scripts/table-owners.ratchet.json. The ratchet only shrinks: an entry
// that is no longer true fails too, so whoever removes a crossing also removes its line.
// `node scripts/check-table-owners.mjs --write` rewrites the ratchet from the code (for review).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const modulesDir = join(root, 'apps/api/src/modules');
const ratchetFile = join(root, 'scripts/table-owners.ratchet.json');

const schemaDir = join(root, 'apps/api/src/db/schema');
/** Schema files of the infrastructure of lib/ and plugins/ (and the column helpers): no module owns them. */
const INFRASTRUCTURE = new Set(['columns', 'idempotency', 'rate-limit']);

/**
 * The tables and their owners, read from the schema: a table belongs to the module whose name its
 * schema file bears (`db/schema/work-order.ts` holds the work-order module's tables), so a new
 * module's tables are owned by writing them in its own schema file, and nothing here is edited.
 */
function schemaFiles() {
  const files = new Map();
  for (const entry of readdirSync(schemaDir)) {
    if (!entry.endsWith('.ts') || entry === 'index.ts') continue;
    const base = entry.replace(/\.ts$/, '');
    const source = readFileSync(join(schemaDir, entry), 'utf8');
    const tables = [...source.matchAll(/^export const (\w+)\s*=\s*pgTable\(/gm)].map((match) => match[1]);
    files.set(base, { owner: INFRASTRUCTURE.has(base) ? null : base, tables: new Set(tables) });
  }
  return files;
}

const importPattern = /^\s*(?:import|export)\s+(type\s+)?(?:\{([^}]*)\}|[^'"]*?)\s*from\s+['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield path;
  }
}

export function findCrossings() {
  const files = schemaFiles();
  const tableUses = new Set();
  const aggregateImports = new Set();
  const moduleEdges = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const rel = relative(modulesDir, file);
    const module = rel.split('/')[0];
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const [, typeOnly, names, specifier] = match;
      if (!specifier.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), specifier));
      const schemaFile =
        target.match(/^apps\/api\/src\/db\/schema(?:\/([\w-]+))?(?:\.js|\.ts)?$/)?.[1] ??
        (/^apps\/api\/src\/db\/schema$/.test(target) ? 'index' : undefined);
      if (schemaFile === 'index' && !typeOnly)
        aggregateImports.add(`${rel} imports the whole schema (db/schema/index.js): import its own schema file`);
      const owned = schemaFile ? files.get(schemaFile) : undefined;
      if (owned && names && !typeOnly) {
        for (const raw of names.split(',')) {
          const name = raw
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)[0]
            .trim();
          if (!name || raw.trim().startsWith('type ') || !owned.tables.has(name)) continue; // a column helper or type, not a table
          if (owned.owner !== module) tableUses.add(`${module} uses ${name} (owned by ${owned.owner ?? 'lib'})`);
        }
      }
      const targetModule = target.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1];
      if (targetModule && targetModule !== module && !typeOnly) {
        if (!moduleEdges.has(module)) moduleEdges.set(module, new Set());
        moduleEdges.get(module).add(targetModule);
      }
    }
  }
  const modules = new Set(readdirSync(modulesDir));
  const strays = [...files].filter(([base, { owner }]) => owner !== null && !modules.has(base)).map(([base]) => base);
  return { tableUses: [...tableUses].sort(), loops: loopsOf(moduleEdges), aggregateImports: [...aggregateImports].sort(), strays };
}

/** Every pair of modules that import each other, directly or around a longer cycle (Tarjan's components). */
function loopsOf(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort().join(' <-> '));
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components.sort();
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const problems = [];
  const found = findCrossings();
  for (const base of found.strays) problems.push(`db/schema/${base}.ts is named after no module: its tables have no owner`);
  problems.push(...found.aggregateImports);
  if (process.argv.includes('--write')) {
    writeFileSync(ratchetFile, `${JSON.stringify({ tableUses: found.tableUses }, null, 2)}\n`);
    console.log(`Wrote ${relative(root, ratchetFile)}: ${found.tableUses.length} table crossings`);
    if (found.loops.length > 0) console.error(`Module loops (not allowed, compose above them): ${found.loops.join(', ')}`);
    process.exit(0);
  }
  for (const loop of found.loops) problems.push(`module loop: ${loop} (compose what needs both in a module above them)`);
  const allowed = new Set(JSON.parse(readFileSync(ratchetFile, 'utf8')).tableUses);
  const now = new Set(found.tableUses);
  for (const entry of now) if (!allowed.has(entry)) problems.push(`new: ${entry}`);
  for (const entry of allowed) if (!now.has(entry)) problems.push(`gone (remove it from the ratchet): ${entry}`);
  if (problems.length > 0) {
    console.error(`Table owners and module loops (docs/decisions/0033-tables-with-owners.md):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Table owners: ok (${found.tableUses.length} crossings left in the ratchet, no module loop)`);
}
