import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests, workOrders } from '../db/schema/index.js';
import { SERVICE_REQUEST_STAFF } from '../modules/service-request/service-request.kind.js';
import { WORK_ORDER_STAFF } from '../modules/work-order/work-order.kind.js';
import { createOrganisation, createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { propertyOf, workingStaffOf } from './staff-assignment.js';

// The staff engine of the kernel (docs/decisions/0026-document-kernel.md); the assign step, the
// options and the assigned staff of each document are tested through its routes in its module.

const DECLARED = [
  ['service request', SERVICE_REQUEST_STAFF],
  ['work order', WORK_ORDER_STAFF],
] as const;

describe('the staff declarations', () => {
  it.each(DECLARED)('a %s names columns of its own assignee table and document, and a step of its workflow', (_noun, staff) => {
    const { table, document, user, assignedAt, assignedBy } = staff.assignees;
    expect([document, user, assignedAt, assignedBy].map((column) => propertyOf(table, column))).toHaveLength(4);
    for (const column of Object.values(staff.side)) expect(propertyOf(staff.kind.table.table, column)).toBeTypeOf('string');
    expect(staff.kind.workflow.actions[staff.step]).toBeDefined();
  });

  it('a column of another table is refused', () => {
    expect(() => propertyOf(SERVICE_REQUEST_STAFF.assignees.table, workOrders.providerId)).toThrow(/not a column/);
    expect(() => propertyOf(WORK_ORDER_STAFF.assignees.table, serviceRequests.providerId)).toThrow(/not a column/);
  });
});

describe('the working staff of a provider', () => {
  let t: TestApp;
  let providerId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    providerId = (await createOrganisation(t.db, { kind: 'mro' })).id;
    const make = async (firstName: string, options: { permissions?: string[]; isOrgAdmin?: boolean; status?: 'inactive' }) => {
      ids[firstName] = (
        await createUser(t.db, { organisationId: providerId, permissions: options.permissions ?? [], firstName, ...options })
      ).id;
    };
    await make('Ade', { isOrgAdmin: true });
    await make('Bola', { permissions: ['viewIncomingWO'] });
    await make('Chidi', { permissions: ['manageObservation'] });
    await make('Dayo', { permissions: ['manageObservation', 'viewIncomingWO'], status: 'inactive' });
    await make('Efe', { permissions: ['viewSR'] });
  });
  afterAll(() => t?.close());

  const names = (rows: { firstName: string }[]) => rows.map((row) => row.firstName);

  it('are its active admins and the holders of the document’s permission, by name', async () => {
    expect(names(await workingStaffOf(t.db, WORK_ORDER_STAFF, providerId))).toEqual(['Ade', 'Bola']);
    expect(names(await workingStaffOf(t.db, SERVICE_REQUEST_STAFF, providerId))).toEqual(['Ade', 'Chidi']);
  });

  it('narrow to the ids chosen, each with its role', async () => {
    const chosen = await workingStaffOf(t.db, WORK_ORDER_STAFF, providerId, [ids.Bola!, ids.Chidi!, ids.Dayo!]);
    expect(chosen).toEqual([{ id: ids.Bola, firstName: 'Bola', lastName: 'User', role: expect.any(String) }]);
  });

  it('of another organisation are none of them', async () => {
    const other = (await createOrganisation(t.db, { kind: 'mro' })).id;
    expect(await workingStaffOf(t.db, WORK_ORDER_STAFF, other, [ids.Ade!])).toEqual([]);
  });
});
