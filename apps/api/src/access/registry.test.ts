import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ACCESS, REACHES } from './reaches.js';
import { AccessRegistryError, createAccessRegistry, defineReach, type Reach } from './registry.js';

const dialect = new PgDialect();
const viewer = { userId: 'u', organisationId: 'o', organisationKind: 'asset_owner', permissions: [] };

const host = defineReach({
  subject: 'file',
  table: 'files',
  condition: () => sql`false`,
  attachable: { typeColumn: 'subject_type', idColumn: 'subject_id' },
});
const asset = defineReach({ subject: 'asset', table: 'assets', condition: () => sql`true`, attached: [{ host: 'file', kind: 'asset' }] });
const only = (reaches: readonly Reach[]) => createAccessRegistry(reaches, ['file', 'asset']);

describe('the access registry', () => {
  it('holds every subject exactly once', () => {
    const subjects = REACHES.map((reach) => reach.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(subjects).toEqual(expect.arrayContaining(['work_order', 'service_request', 'purchase_order', 'material_request', 'fault']));
  });

  it('lends every kind of attached file the reach of a registered parent', () => {
    const registered = new Set(REACHES.map((reach) => reach.subject));
    const attachments = ACCESS.attachmentsOf('file');
    for (const { parent } of attachments) expect(registered.has(parent)).toBe(true);
    // Each kind of record files are attached to today is lent a reach; a lost line in a reach file fails here.
    expect(attachments.map(({ kind }) => kind)).toEqual(
      expect.arrayContaining([
        'asset',
        'sla',
        'fault',
        'fault_report',
        'service_request',
        'observation',
        'work_order',
        'work_order_completion',
      ]),
    );
    for (const reach of REACHES as readonly Reach[])
      for (const { parent } of reach.inherits ?? []) expect(registered.has(parent)).toBe(true);
  });

  it('refuses a subject registered twice', () => {
    expect(() => only([host, asset, asset])).toThrow(new AccessRegistryError('The reach of "asset" is registered twice'));
  });

  it('refuses a subject nobody registered', () => {
    expect(() => only([host])).toThrow(new AccessRegistryError('No reach is registered for "asset"'));
  });

  it('refuses a parent or a host that is not registered', () => {
    const orphan = defineReach({
      subject: 'asset',
      table: 'assets',
      condition: () => sql`true`,
      inherits: [{ parent: 'cluster', column: 'cluster_id' }],
    });
    expect(() => only([host, orphan])).toThrow(AccessRegistryError);
    const hostless = defineReach({ ...asset, attached: [{ host: 'sla', kind: 'asset' }] });
    expect(() => only([host, hostless])).toThrow(AccessRegistryError);
  });

  it('refuses a host whose rows are not attachable, a kind that is not a plain name and a kind lent twice', () => {
    const plain = defineReach({ subject: 'sla', table: 'slas', condition: () => sql`true` });
    expect(() =>
      createAccessRegistry([plain, defineReach({ ...asset, attached: [{ host: 'sla', kind: 'asset' }] })], ['sla', 'asset']),
    ).toThrow(new AccessRegistryError('"asset" lends its reach to "asset" records of "sla", whose rows are not attachable'));
    expect(() => only([host, defineReach({ ...asset, attached: [{ host: 'file', kind: "asset' or true --" }] })])).toThrow(
      new AccessRegistryError(`"asset' or true --" is not a kind of attached record`),
    );
    const twice = defineReach({
      ...asset,
      attached: [
        { host: 'file', kind: 'asset' },
        { host: 'file', kind: 'asset' },
      ],
    });
    expect(() => only([host, twice])).toThrow(new AccessRegistryError('"asset" lends its reach to "asset" records twice'));
  });

  it('refuses reaches that inherit in a circle', () => {
    const a = defineReach({
      subject: 'asset',
      table: 'assets',
      condition: () => sql`true`,
      inherits: [{ parent: 'cluster', column: 'cluster_id' }],
    });
    const c = defineReach({
      subject: 'cluster',
      table: 'clusters',
      condition: () => sql`true`,
      inherits: [{ parent: 'asset', column: 'asset_id' }],
    });
    expect(() => createAccessRegistry([a, c], ['asset', 'cluster'])).toThrow(AccessRegistryError);
  });

  it('derives an attached record reach from its parent, and an inherited one', () => {
    const registry = only([host, asset]);
    expect(dialect.sqlToQuery(registry.condition(viewer, 'file')).sql).toBe(
      `(false or ("files"."subject_type" = 'asset' and exists (select 1 from "assets" where "assets"."id" = "files"."subject_id" and true)))`,
    );
    const child = defineReach({
      subject: 'cluster',
      table: 'clusters',
      condition: () => sql`false`,
      inherits: [{ parent: 'asset', column: 'asset_id' }],
    });
    const inherited = createAccessRegistry([host, asset, child], ['file', 'asset', 'cluster']);
    expect(dialect.sqlToQuery(inherited.condition(viewer, 'cluster')).sql).toBe(
      `(false or "clusters"."asset_id" in (select "assets"."id" from "assets" where true))`,
    );
  });

  it('lets rows without a reach of their own be seen only through their parent, and refuses a reach of nothing', () => {
    const line = defineReach({ subject: 'cluster', table: 'clusters', inherits: [{ parent: 'asset', column: 'asset_id' }] });
    const registry = createAccessRegistry([host, asset, line], ['file', 'asset', 'cluster']);
    expect(dialect.sqlToQuery(registry.condition(viewer, 'cluster')).sql).toBe(
      `("clusters"."asset_id" in (select "assets"."id" from "assets" where true))`,
    );
    expect(() =>
      createAccessRegistry([host, asset, defineReach({ subject: 'cluster', table: 'clusters' })], ['file', 'asset', 'cluster']),
    ).toThrow(new AccessRegistryError('The reach of "cluster" has no condition of its own and nothing to inherit: it reaches nothing'));
  });

  it('lends each document’s timeline and each approved document’s steps their reach', () => {
    expect(ACCESS.attachmentsOf('activity').map(({ kind, parent }) => `${kind}:${parent}`)).toEqual(
      expect.arrayContaining(['fault:fault', 'service_request:service_request', 'work_order:work_order', 'purchase_order:purchase_order']),
    );
    expect(
      ACCESS.attachmentsOf('approval_step')
        .map(({ kind, parent }) => `${kind}:${parent}`)
        .sort(),
    ).toEqual(['po:purchase_order', 'wo:work_order']);
  });
});
