import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { files } from '../../db/schema/file.js';
import { qualified } from '../../lib/qualified.js';
import type { FileSubjectType } from './file.repository.js';

/**
 * What other modules may use of files: the files of a subject, attaching uploads to one in their
 * write, and the public fault portal's image upload (the one upload pipeline).
 */
export { attachFiles, filesAttachable, filesOf } from './file.repository.js';
export { uploadPortalImage } from './file.service.js';

/** Whether the subject of this type whose id is in `column` has a file attached (the type written into the SQL, so an index on it is used whatever the plan). */
export function hasFilesOf(subjectType: FileSubjectType, column: AnyColumn | SQL): SQL<boolean> {
  if (!/^[a-z_]+$/.test(subjectType)) throw new Error(`Not a file subject type: ${subjectType}`);
  return sql<boolean>`exists (select 1 from ${files} where ${files.subjectType} = ${sql.raw(`'${subjectType}'`)} and ${files.subjectId} = ${qualified(column)})`;
}
