import { z } from 'zod';
import { idField, out } from './fields.js';
import { FILE_KINDS, MAX_FILES_PER_FIELD } from './file-kinds.js';
import type { Translate } from './messages.js';

export * from './file-kinds.js';

/** An uploaded file as every answer shows it; `url` and `thumbnailUrl` need the bearer token. */
export const fileRefSchema = z
  .object({
    _id: out.id(),
    url: out.text(100),
    thumbnailUrl: out.text(100).nullable(),
    /** At most 200 characters (of up to two UTF-16 units each). */
    name: out.text(400),
    contentType: out.text(100),
    size: out.count(),
    width: out.count().nullable(),
    height: out.count().nullable(),
    kind: z.enum(FILE_KINDS),
  })
  .meta({ id: 'FileRef' });
export type FileRef = z.infer<typeof fileRefSchema>;

/** The answer of POST /v2/file/upload: the stored file, ready to be attached to a record by its `_id`. */
export type UploadedFile = FileRef;

/** A record's list of uploaded files (their ids), at most `max`. */
export function fileIdsField(t: Translate, field: string, max = MAX_FILES_PER_FIELD) {
  return z.array(idField(t, field), { error: t('VALIDATION.NOT_VALID', { field }) }).max(max, t('FILE.TOO_MANY', { field, max }));
}
