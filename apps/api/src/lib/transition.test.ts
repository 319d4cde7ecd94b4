import type { AssetStatus } from '@amp/contracts/asset';
import { ASSET_WORKFLOW } from '@amp/contracts/asset.workflow';
import type { FaultStatus } from '@amp/contracts/fault';
import { FAULT_WORKFLOW } from '@amp/contracts/fault.workflow';
import type { MailStatus } from '@amp/contracts/mail';
import { MAIL_WORKFLOW } from '@amp/contracts/mail.workflow';
import type { OrganisationStatus } from '@amp/contracts/organisation';
import { REGISTRATION_WORKFLOW } from '@amp/contracts/registration.workflow';
import { allowedActions, type Workflow } from '@amp/contracts/workflow';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, faults, mailOutbox, organisations } from '../db/schema/index.js';
import { createAsset, createCategory, createOrganisation, createUser, type TestUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { AppError } from './errors.js';
import { transition, type WorkflowTable } from './transition.js';
import { write } from './write.js';

let t: TestApp;
let owner: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  categoryId = await createCategory(t.db);
});

afterAll(() => t.close());

interface Case {
  workflow: Workflow<string, string, string>;
  on: WorkflowTable;
  party: string;
  /** When the caller is on several sides (a fault's owner, provider and reporter at once, to walk every action). */
  parties?: string[];
  permissions: string[];
  /** A fresh record in `status`; its id. */
  make(status: string): Promise<string>;
  statusOf(id: string): Promise<string>;
}

const cases: Case[] = [
  {
    workflow: REGISTRATION_WORKFLOW,
    on: { table: organisations, id: organisations.id, status: organisations.status, noun: 'registration' },
    party: 'platform',
    permissions: ['manageUserRegistration'],
    make: async (status) => (await createOrganisation(t.db, { kind: 'mro', status: status as OrganisationStatus })).id,
    statusOf: async (id) => (await t.db.select().from(organisations).where(eq(organisations.id, id)))[0]!.status,
  },
  {
    workflow: ASSET_WORKFLOW,
    on: { table: assets, id: assets.id, status: assets.status, noun: 'asset' },
    party: 'owner',
    permissions: ['manageAsset'],
    async make(status) {
      const id = await createAsset(t, owner, { categoryId });
      await t.db
        .update(assets)
        .set({ status: status as AssetStatus })
        .where(eq(assets.id, id));
      return id;
    },
    statusOf: async (id) => (await t.db.select().from(assets).where(eq(assets.id, id)))[0]!.status,
  },
  {
    workflow: MAIL_WORKFLOW,
    on: { table: mailOutbox, id: mailOutbox.id, status: mailOutbox.status, noun: 'mail' },
    party: 'platform',
    permissions: ['manageUserRegistration'],
    async make(status) {
      const [row] = await t.db
        .insert(mailOutbox)
        .values({ to: 'walk@example.com', subject: 'Walk', text: 'Walk', status: status as MailStatus })
        .returning();
      return row!.id;
    },
    statusOf: async (id) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.status,
  },
  {
    workflow: FAULT_WORKFLOW,
    on: { table: faults, id: faults.id, status: faults.status, noun: 'fault' },
    party: 'owner',
    parties: ['owner', 'provider', 'reporter'],
    permissions: ['viewOrganizationAssignedAsset', 'manageAssetFault', 'viewSR', 'manageWO'],
    async make(status) {
      // A fresh asset each time: one open fault per asset and type.
      const assetId = await createAsset(t, owner, { categoryId });
      const [row] = await t.db
        .insert(faults)
        .values({
          code: `FLT-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
          organisationId: owner.organisationId,
          assetId,
          faultType: 'Repair',
          description: 'Walk',
          status: status as FaultStatus,
          source: 'staff',
          reporterName: 'Walk',
        })
        .returning();
      return row!.id;
    },
    statusOf: async (id) => (await t.db.select().from(faults).where(eq(faults.id, id)))[0]!.status,
  },
];

const attempt = (
  c: Case,
  action: string,
  id: string,
  overrides: Partial<{ visible: boolean; party: string; permissions: string[] }> = {},
) =>
  write(t.app.deps, null, (tx) =>
    transition(tx, {
      workflow: c.workflow,
      action,
      on: c.on,
      id,
      visible: overrides.visible === false ? sql`false` : sql`true`,
      parties: overrides.party ? [overrides.party] : (c.parties ?? [c.party]),
      permissions: overrides.permissions ?? c.permissions,
    }),
  ).then(
    () => 200,
    (error: unknown) => (error instanceof AppError ? error.statusCode : 500),
  );

describe('workflow transitions', () => {
  for (const c of cases) {
    for (const status of c.workflow.statuses) {
      for (const action of Object.keys(c.workflow.actions)) {
        const rule = c.workflow.actions[action]!;
        const legal = rule.from.includes(status);
        it(`${c.workflow.name}: ${action} from ${status} -> ${legal ? rule.to : '409'}`, async () => {
          const id = await c.make(status);
          expect(await attempt(c, action, id)).toBe(legal ? 200 : 409);
          expect(await c.statusOf(id)).toBe(legal ? rule.to : status);
          // The web draws the same buttons from the same table.
          expect(allowedActions(c.workflow, status, c.parties ?? c.party, c.permissions).includes(action)).toBe(legal);
        });
      }
    }
    it(`${c.workflow.name}: a record the caller cannot see is not found, and another party or a missing permission is refused`, async () => {
      const [action, rule] = Object.entries(c.workflow.actions)[0]!;
      const from = rule.from[0]!;
      const id = await c.make(from);
      expect(await attempt(c, action, id, { visible: false })).toBe(404);
      expect(await attempt(c, action, id, { party: 'someone-else' })).toBe(403);
      expect(await attempt(c, action, id, { permissions: [] })).toBe(403);
      expect(await c.statusOf(id)).toBe(from);
    });
  }

  it('lets only one of two concurrent steps win; the other is a 409', async () => {
    const c = cases[1]!;
    const id = await c.make('active');
    const results = await Promise.all([attempt(c, 'decommission', id), attempt(c, 'decommission', id)]);
    expect(results.sort()).toEqual([200, 409]);
  });
});
