import { holds } from '@amp/contracts/permissions';
import { sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import { anyOf } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    material_request: true;
  }
}

/**
 * On the outer "material_requests" row: the requester's own, all of the organisation's for its
 * warehouse staff, and (inherited) those for a work order the viewer sees: both sides of it see
 * what was asked for it and what it cost; the owner reads its provider's requests, without
 * deciding them.
 */
export const materialRequestReach = defineReach({
  subject: 'material_request',
  table: 'material_requests',
  condition: (viewer) =>
    anyOf([
      sql`("material_requests"."requested_by" = ${viewer.userId} and "material_requests"."organisation_id" = ${viewer.organisationId})`,
      ...(holds(viewer.permissions, ['viewWarehouse', 'manageWarehouse'])
        ? [sql`"material_requests"."organisation_id" = ${viewer.organisationId}`]
        : []),
    ]),
  inherits: [{ parent: 'work_order', column: 'work_order_id' }],
});
