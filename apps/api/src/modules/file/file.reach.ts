import { holds } from '@amp/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import { OWNER_READS, type Viewer } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    file: true;
  }
}

/**
 * An upload not yet attached: seen by the person who uploaded it and by colleagues who see their
 * organisation's assets (they may be filling in the same form).
 */
function unattachedUploads(viewer: Viewer): SQL {
  const colleagues = holds(viewer.permissions, OWNER_READS) ? sql`or "files"."organisation_id" = ${viewer.organisationId}` : sql``;
  return sql`("files"."subject_type" is null and ("files"."uploaded_by" = ${viewer.userId} ${colleagues}))`;
}

/**
 * On the outer "files" row: an upload not yet attached (above), or a file attached to a record,
 * seen by whoever sees that record: the registry adds one condition per kind that a subject lends
 * its reach to in its own reach file (decision 0027); those kinds are all a file can be attached to.
 */
export const fileReach = defineReach({
  subject: 'file',
  table: 'files',
  condition: unattachedUploads,
  attachable: { typeColumn: 'subject_type', idColumn: 'subject_id' },
});
