import { defineReach } from '../../access/registry.js';

declare module '../../access/registry.js' {
  interface Subjects {
    activity: true;
  }
}

/**
 * On the outer "activities" row: a document's timeline entry (subject_type and subject_id name the
 * document) is seen by whoever sees that document. Each document lends its reach to its entries in
 * its own reach file ({ host: 'activity', kind: <its subject> }), so the timeline of a new document
 * needs no line here (decision 0027). A person's own feed is read through the user it belongs to.
 */
export const activityReach = defineReach({
  subject: 'activity',
  table: 'activities',
  attachable: { typeColumn: 'subject_type', idColumn: 'subject_id' },
});
