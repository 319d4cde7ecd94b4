// Every table has one owning module (docs/decisions/0033-tables-with-owners.md). A module reads and
// writes its own tables; another module's data it reaches through that module's public reads. This
// check reads the tables each module file imports from db/schema and the modules each module imports,
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

/** The owning module of every table the schema exports (null: infrastructure of lib/ or plugins/). */
export const TABLE_OWNERS = {
  activities: 'activity',
  assetImports: 'asset-import',
  codeCounters: 'cluster',
  clusters: 'cluster',
  assets: 'asset',
  organisationAssetCounts: 'asset',
  assetAssignments: 'assignment',
  technicianAssignments: 'assignment',
  dashboardCounts: 'dashboard',
  faults: 'fault',
  faultReports: 'fault',
  organisationFaultCounts: 'fault',
  files: 'file',
  idempotentRequests: null,
  mailOutbox: 'mail',
  notifications: 'notification',
  notificationPreferences: 'notification',
  organisations: 'registration',
  roles: 'role',
  users: 'user',
  sessions: 'account',
  oneTimeTokens: 'account',
  pricebookItems: 'pricebook',
  rateLimits: null,
  states: 'reference',
  lgas: 'reference',
  categories: 'category',
  stockMovementMonths: 'report',
  stockItemConsumption: 'report',
  stockWorkOrderConsumption: 'report',
  scoreCardSums: 'score-card',
  assetReportStats: 'report',
  reportWorkMonths: 'report',
  reportWorkPartySpend: 'report',
  reportWorkSubjectSpend: 'report',
  reportApprovalLevels: 'report',
  serviceRequests: 'service-request',
  serviceRequestAssignees: 'service-request',
  observations: 'service-request',
  observationLines: 'service-request',
  configurations: 'configuration',
  serviceRequestCounts: 'service-request',
  serviceRequestDeadlines: 'service-request',
  slas: 'sla',
  slaTargets: 'sla',
  warehouses: 'warehouse',
  warehouseManagers: 'warehouse',
  inventoryItems: 'warehouse',
  warehouseStockCounts: 'warehouse',
  stockMovements: 'warehouse',
  materialRequests: 'material-request',
  materialRequestLines: 'material-request',
  purchaseOrders: 'purchase-order',
  purchaseOrderLines: 'purchase-order',
  purchaseOrderSupplies: 'purchase-order',
  purchaseOrderSupplyLines: 'purchase-order',
  approvalLevels: 'approval',
  approvalSettings: 'approval',
  approvalLevelMembers: 'approval',
  approvalSteps: 'approval',
  approvalAwaitingCounts: 'approval',
  workOrders: 'work-order',
  workOrderLines: 'work-order',
  workOrderAssignees: 'work-order',
  workOrderCounts: 'work-order',
  workOrderRecalls: 'work-order',
  workOrderDeadlines: 'work-order',
};

const importPattern = /^\s*(?:import|export)\s+(type\s+)?(?:\{([^}]*)\}|[^'"]*?)\s*from\s+['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield path;
  }
}

/** Exported table names of the schema, so a table added without an owner is caught. */
function schemaTables() {
  const dir = join(root, 'apps/api/src/db/schema');
  const names = [];
  for (const file of readdirSync(dir)) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const match of source.matchAll(/^export const (\w+)\s*=\s*pgTable\(/gm)) names.push(match[1]);
  }
  return names;
}

export function findCrossings() {
  const tableUses = new Set();
  const moduleEdges = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const rel = relative(modulesDir, file);
    const module = rel.split('/')[0];
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const [, typeOnly, names, specifier] = match;
      if (!specifier.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), specifier));
      if (/apps\/api\/src\/db\/schema(\/index)?(\.js|\.ts)?$/.test(target) && names && !typeOnly) {
        for (const raw of names.split(',')) {
          const name = raw
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)[0]
            .trim();
          if (!name || raw.trim().startsWith('type ')) continue;
          const owner = TABLE_OWNERS[name];
          if (owner === undefined) continue; // a column helper or enum, not a table
          if (owner !== module) tableUses.add(`${module} uses ${name} (owned by ${owner ?? 'lib'})`);
        }
      }
      const targetModule = target.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1];
      if (targetModule && targetModule !== module && !typeOnly) {
        if (!moduleEdges.has(module)) moduleEdges.set(module, new Set());
        moduleEdges.get(module).add(targetModule);
      }
    }
  }
  return { tableUses: [...tableUses].sort(), loops: loopsOf(moduleEdges) };
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
  for (const table of schemaTables()) {
    if (!(table in TABLE_OWNERS)) problems.push(`table ${table} has no owning module in scripts/check-table-owners.mjs`);
  }
  const found = findCrossings();
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
