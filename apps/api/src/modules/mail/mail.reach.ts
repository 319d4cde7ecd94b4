import { holds } from '@amp/contracts/permissions';
import { sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';

declare module '../../access/registry.js' {
  interface Subjects {
    mail: true;
  }
}

/** On the outer "mail_outbox" row: the platform's operator sees the delivery of every mail (never its body). */
export const mailReach = defineReach({
  subject: 'mail',
  table: 'mail_outbox',
  condition: (viewer) =>
    viewer.organisationKind === 'platform' && holds(viewer.permissions, 'manageUserRegistration') ? sql`true` : sql`false`,
});
