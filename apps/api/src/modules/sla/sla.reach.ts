import { holds } from '@amp/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import { anyOf, OWNER_READS, type Viewer } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    sla: true;
  }
}

/** On the outer "slas" row: the owner's staff who see its assets, and the provider organisation it binds. */
function visibleSlas(viewer: Viewer): SQL {
  const reaches: SQL[] = [sql`"slas"."provider_id" = ${viewer.organisationId}`];
  if (holds(viewer.permissions, OWNER_READS)) reaches.push(sql`"slas"."organisation_id" = ${viewer.organisationId}`);
  return anyOf(reaches);
}

/** An SLA's supporting files are seen by whoever sees the SLA. */
export const slaReach = defineReach({ subject: 'sla', table: 'slas', condition: visibleSlas, attached: [{ host: 'file', kind: 'sla' }] });
