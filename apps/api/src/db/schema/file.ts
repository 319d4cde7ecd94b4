import { FILE_KINDS, type FileKind } from '@amp/contracts/file';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns.js';
import { organisations } from './registration.js';

/**
 * An uploaded file (image or pdf) in the storage behind the storage interface. It belongs to the
 * uploader's organisation (null for the public fault portal) until it is attached to a subject
 * (an asset's photo or document, an SLA's supporting file); downloads check the subject.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by'),
    kind: text('kind').$type<FileKind>().notNull(),
    contentType: text('content_type').notNull(),
    originalName: text('original_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('files_kind_check', sql`${t.kind} in (${inList(FILE_KINDS)})`),
    index('files_subject_idx').on(t.subjectType, t.subjectId),
    index('files_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);
