// Enforces docs/architecture.md#dependencies (dependencies flow one way; modules meet through public reads files) by reading every import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const importPattern = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(entry)) yield path;
  }
}

/** Each rule: files matching `from` must not import anything matching `to` (type imports included). */
const rules = [
  { from: /^packages\/contracts\//, to: /^apps\//, why: 'contracts are shared and depend on nothing of the apps' },
  { from: /^apps\/api\//, to: /^apps\/web\//, why: 'the API does not know the web app' },
  { from: /^apps\/web\//, to: /^apps\/api\//, why: 'the web app talks to the API over HTTP only' },
  {
    from: /^apps\/api\/src\/modules\/.*\.repository\.ts$/,
    to: /\.(service|routes)(\.js|\.ts)?$/,
    why: 'repositories sit below services and routes',
  },
  { from: /^apps\/api\/src\/modules\/.*\.service\.ts$/, to: /\.routes(\.js|\.ts)?$/, why: 'services sit below routes' },
  { from: /^apps\/api\/src\/(lib|db)\//, to: /^apps\/api\/src\/modules\//, why: 'lib and db sit below the modules' },
  {
    from: /^apps\/api\/src\/modules\//,
    to: /^apps\/api\/src\/app(\.js|\.ts)?$/,
    why: 'modules must not import the app, not even its types (Deps lives in deps.ts)',
  },
  {
    from: /^apps\/web\/src\/(components|lib)\//,
    to: /^apps\/web\/src\/(features|app)\//,
    why: 'components and lib sit below features and app',
  },
  { from: /^apps\/web\/src\/features\//, to: /^apps\/web\/src\/app\//, why: 'features sit below the app' },
];

const problems = [];
for (const file of [...files(join(root, 'apps')), ...files(join(root, 'packages'))]) {
  const rel = relative(root, file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(importPattern)) {
    const typeOnly = Boolean(match[2]);
    const specifier = match[3] ?? match[4];
    if (!specifier?.startsWith('.')) continue;
    const target = relative(root, resolve(dirname(file), specifier));
    // A feature never imports another feature's internals.
    const feature = rel.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
    const targetFeature = target.match(/^apps\/web\/src\/features\/([^/]+)(\/|$)/)?.[1];
    if (feature && targetFeature && feature !== targetFeature && !typeOnly) {
      problems.push(
        `${rel}: imports ${specifier} (a feature never imports another feature; move shared code to components/ or packages/contracts)`,
      );
    }
    // docs/architecture.md#dependencies: a module uses another only through that module's public reads file.
    const module = rel.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1];
    const targetModule = target.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1];
    if (module && targetModule && module !== targetModule && !target.match(/\/([^/]+)\/\1\.public(\.js|\.ts)?$/)) {
      problems.push(`${rel}: imports ${specifier} (another module is used only through its ${targetModule}.public.ts)`);
    }
    for (const rule of rules) {
      if (rule.from.test(rel) && rule.to.test(target)) problems.push(`${rel}: imports ${specifier} (${rule.why})`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Import boundaries broken (docs/architecture.md#dependencies):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
