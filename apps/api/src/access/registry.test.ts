import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { FILE_SUBJECT_TYPES } from '../modules/file/file.reach.js';
import { ACCESS, REACHES } from './reaches.js';
import { AccessRegistryError, createAccessRegistry, defineReach, type Reach } from './registry.js';

const dialect = new PgDialect();
const viewer = { userId: 'u', organisationId: 'o', organisationKind: 'asset_owner', permissions: [] };

const host = defineReach({
  subject: 'file',
  table: 'files',
  condition: () => sql`false`,
  attachable: { typeColumn: 'subject_type', idColumn: 'subject_id', kinds: ['asset'] },
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
    expect(new Set(attachments.map(({ kind }) => kind))).toEqual(new Set(FILE_SUBJECT_TYPES));
    for (const reach of REACHES) for (const { parent } of reach.inherits ?? []) expect(registered.has(parent)).toBe(true);
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

  it('refuses a kind its host does not declare, and a declared kind nobody lends a reach to', () => {
    expect(() => only([host, defineReach({ ...asset, attached: [{ host: 'file', kind: 'photo' }] })])).toThrow(
      new AccessRegistryError('"asset" lends its reach to "photo", which "file" does not declare'),
    );
    expect(() => only([host, defineReach({ ...asset, attached: [] })])).toThrow(
      new AccessRegistryError('"asset" records of "file" inherit no registered reach'),
    );
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
});
