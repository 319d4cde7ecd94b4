import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OrganisationKind, PROVIDER_KINDS } from '@amp/contracts/organisation';
import { isPermission } from '@amp/contracts/permissions';
import { PO_BUYER_KINDS } from '@amp/contracts/purchase-order';
import { reportViews } from '@amp/contracts/report';
import { afterAll, describe, expect, it } from 'vitest';
import { type Access, accessOf, createAppWithRouteTable } from './route-table.js';

// docs/api-contract.md names each call's access in words; the routes declare it as data
// (plugins/access.ts), which the route-wide auth test enforces. This test holds the two together:
// every call the document names exists, and its access cell names exactly the permissions of the
// route's rule (or says public / signedIn), and who among the organisation kinds it is for when
// the rule names kinds. A cell that refers to another row ("as the list", "a mover") names none.

const DOC = join(import.meta.dirname, '../../../../docs/api-contract.md');

const { t, routes } = await createAppWithRouteTable();
afterAll(async () => {
  await t.close();
});

/** The words a cell uses for the organisation kinds a rule names. */
const KIND_WORDS: { kinds: readonly OrganisationKind[]; words: RegExp }[] = [
  { kinds: ['asset_owner'], words: /\basset owner\b/ },
  { kinds: PO_BUYER_KINDS, words: /\bbuyer \(owner, MRO, IMO\)/ },
  { kinds: PROVIDER_KINDS, words: /\ba provider\b/ },
];

interface ContractRow {
  line: number;
  calls: { method: string; path: string }[];
  access: string;
}

/** The rows of the document's call tables: `| METHOD /path[, METHOD /path] | access | ... |`. */
function contractRows(markdown: string): ContractRow[] {
  const rows: ContractRow[] = [];
  markdown.split('\n').forEach((text, index) => {
    const match = text.match(/^\| ((?:GET|POST|PUT|DELETE|PATCH) \/[^|]*)\| ([^|]*)\|/);
    if (!match) return;
    // `/import/:id(/errors)` names two calls.
    const calls = [...match[1]!.matchAll(/\b(GET|POST|PUT|DELETE|PATCH) (\/[^\s,?]*)/g)].flatMap(([, method, path]) => {
      const optional = path!.match(/^(.*)\((\/[^)]+)\)$/);
      return (optional ? [optional[1]!, optional[1]! + optional[2]!] : [path!]).map((one) => ({
        method: method!,
        path: `/v2${one.replace(/\/$/, '')}`,
      }));
    });
    rows.push({ line: index + 1, calls, access: match[2]!.trim() });
  });
  return rows;
}

/**
 * The routes a documented path names: a `:param` or `{param}` of the document matches a route's
 * parameter of any name; where no route has a parameter there, a `{placeholder}` stands for any
 * segment (`/report/{report}/rows`: one route per report).
 */
function routesOf(method: string, path: string) {
  const wanted = path.split('/');
  const matching = (placeholderIsAny: boolean) =>
    routes.filter((route) => {
      const segments = route.url.replace(/\/$/, '').split('/');
      return (
        route.method === method &&
        segments.length === wanted.length &&
        segments.every((segment, i) => {
          const doc = wanted[i]!;
          if (placeholderIsAny && /^\{\w+\}$/.test(doc)) return true;
          if (doc.startsWith(':') || doc.startsWith('{')) return segment.startsWith(':');
          return segment === doc;
        })
      );
    });
  const exact = matching(false);
  return exact.length > 0 ? exact : matching(true);
}

/** What a cell says of the rule, or null when it refers to another row. */
function cellRule(cell: string): { words: 'public' | 'signedIn' | 'permission'; permissions: string[] } | null {
  // "signedIn (self, or ... with manageUser)": signed in, and the service decides the rest.
  if (/^public\b/.test(cell)) return { words: 'public', permissions: [] };
  if (/^signedIn\b/.test(cell)) return { words: 'signedIn', permissions: [] };
  const permissions = [...new Set([...cell.matchAll(/\b[a-z][A-Za-z]+\b/g)].map(([word]) => word!).filter(isPermission))].sort();
  return permissions.length > 0 ? { words: 'permission', permissions } : null;
}

const markdown = readFileSync(DOC, 'utf8');
const rows = contractRows(markdown);

describe('docs/api-contract.md and the routes', () => {
  it('documents only calls the server has', () => {
    const unknown = rows.flatMap((row) =>
      row.calls
        .filter((call) => routesOf(call.method, call.path).length === 0)
        .map((call) => `line ${row.line}: ${call.method} ${call.path}`),
    );
    expect(rows.length).toBeGreaterThan(150);
    expect(unknown).toEqual([]);
  });

  it('names each call’s access as its route declares it', () => {
    const drift: string[] = [];
    for (const row of rows) {
      const said = cellRule(row.access);
      if (!said) continue;
      for (const call of row.calls)
        for (const route of routesOf(call.method, call.path)) {
          const access = accessOf(route) as Access;
          const where = `line ${row.line} (${call.method} ${call.path}): "${row.access}"`;
          if (access.type !== said.words) {
            drift.push(`${where} says ${said.words}, the route is ${access.type}`);
            continue;
          }
          if (access.type !== 'permission') continue;
          const declared = [...access.anyOf].sort();
          if (declared.join() !== said.permissions.join())
            drift.push(`${where} names ${said.permissions.join(', ')}; the route: ${declared.join(', ')}`);
          if (access.kinds) {
            const words = KIND_WORDS.find((k) => [...k.kinds].sort().join() === [...access.kinds!].sort().join());
            if (!words) drift.push(`${where}: add the words for kinds ${access.kinds.join(', ')} to KIND_WORDS`);
            else if (!words.words.test(row.access)) drift.push(`${where} does not say the route is for ${words.words.source}`);
          }
        }
    }
    expect(drift).toEqual([]);
  });
});

// The OpenAPI document declares what the server refuses (Schemathesis found data the document
// allowed and the server refused): closed bodies, non-blank texts, days, amounts and the
// requirements that join fields.
describe('the OpenAPI document', async () => {
  type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; anyOf?: Schema[]; $ref?: string };
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
    components: { schemas: Record<string, Schema> };
  };
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!]!) : schema);
  const bodyOf = (method: string, path: string) => resolve(doc.paths[path]![method]!.requestBody!.content['application/json']!.schema);

  /** Every object schema of a body, nested ones too. */
  function objects(schema: Schema, found: Schema[] = []): Schema[] {
    const node = resolve(schema);
    if (node.type === 'object' && node.properties) found.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const item of value) if (item && typeof item === 'object') objects(item as Schema, found);
      } else if (value && typeof value === 'object') objects(value as Schema, found);
    }
    return found;
  }

  it('closes every body: a field it does not name is refused', () => {
    const open: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        for (const object of objects(schema)) {
          if (object.additionalProperties !== false)
            open.push(`${method.toUpperCase()} ${path}: ${Object.keys(object.properties!).join(',')}`);
        }
      }
    }
    expect(open).toEqual([]);
  });

  it('declares non-blank texts, days, amounts above zero and the requirements that join fields', () => {
    const cluster = bodyOf('post', '/v2/cluster/create/');
    expect(cluster.properties!.name!.pattern).toBe('^\\s*\\S[\\s\\S]{0,}\\S\\s*$');
    const level = bodyOf('post', '/v2/approval/create/{type}').properties!.maxAmount!;
    expect(level.anyOf).toMatchObject([{ pattern: expect.stringContaining('(?!') }, { minimum: 0, exclusiveMinimum: true }]);
    const report = doc.paths['/v2/report/sr-wo/rows']!.get as unknown as { parameters: { name: string; schema: Schema }[] };
    const from = report.parameters.find((p) => p.name === 'from')!.schema;
    expect(from).toMatchObject({ format: 'date', maxLength: 10, pattern: expect.stringContaining('19\\d{2}') });
    expect(report.parameters.find((p) => p.name === 'view')!.schema.enum).toEqual(reportViews('sr-wo'));
    expect(report.parameters.some((p) => p.name === 'warehouseId')).toBe(false);
    expect(bodyOf('post', '/v2/wo/create').anyOf).toHaveLength(2);
    expect(bodyOf('post', '/v2/asset/assign').anyOf).toHaveLength(2);
    expect(bodyOf('post', '/v2/wo/approve/{id}').anyOf).toHaveLength(2);
  });
});
