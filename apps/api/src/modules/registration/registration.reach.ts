import { holds } from '@amp/contracts/permissions';
import { sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';

declare module '../../access/registry.js' {
  interface Subjects {
    registration: true;
  }
}

/** On the outer "organisations" row: registrations (any organisation but the platform) are the platform's to decide. */
export const registrationReach = defineReach({
  subject: 'registration',
  table: 'organisations',
  condition: (viewer) =>
    viewer.organisationKind === 'platform' && holds(viewer.permissions, 'manageUserRegistration')
      ? sql`"organisations"."kind" <> 'platform'`
      : sql`false`,
});
