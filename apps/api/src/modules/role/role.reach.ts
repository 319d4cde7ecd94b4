import { type OrganisationKind, SYSTEM_ROLE_KEYS, SYSTEM_ROLES } from '@amp/contracts/organisation';
import { type SQL, sql } from 'drizzle-orm';
import { ownedBy } from '../../access/owned.js';
import { defineReach } from '../../access/registry.js';
import type { Viewer } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    role: true;
  }
}

/** On the outer "roles" row: one's own organisation's custom roles and the system roles of its kind (an MRO: MRO and Technician). */
function visibleRoles(viewer: Viewer): SQL {
  const own = ownedBy(viewer.organisationId, 'role');
  const systemKeys = SYSTEM_ROLE_KEYS.filter((key) => SYSTEM_ROLES[key].kinds.includes(viewer.organisationKind as OrganisationKind));
  if (systemKeys.length === 0) return own;
  const keys = sql.join(
    systemKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  return sql`(${own} or ("roles"."organisation_id" is null and "roles"."system_key" in (${keys})))`;
}

export const roleReach = defineReach({ subject: 'role', table: 'roles', condition: visibleRoles });
