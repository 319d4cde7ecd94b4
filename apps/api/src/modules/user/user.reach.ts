import { ownedBy } from '../../access/owned.js';
import { defineReach } from '../../access/registry.js';

declare module '../../access/registry.js' {
  interface Subjects {
    user: true;
  }
}

/** On the outer "users" row: one's own organisation's people (the admin pages add their permission). */
export const userReach = defineReach({ subject: 'user', table: 'users', condition: (viewer) => ownedBy(viewer.organisationId, 'user') });
