import { type FileKind, type FileRef, fileUrl, thumbnailUrl } from '@amp/contracts/file';
import { and, asc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { REACHES } from '../../access/reaches.js';
import type { KindsAttachedTo } from '../../access/registry.js';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/file.js';
import { invalidField } from '../../lib/errors.js';
import type { Effects } from '../../lib/write.js';
import type { FileStorage } from '../../plugins/storage.js';

export type FileRow = typeof files.$inferSelect;

/** What a file can be attached to: a kind some subject lends its reach to (its `*.reach.ts`). */
export type FileSubjectType = KindsAttachedTo<typeof REACHES, 'file'>;

/** What a file can be attached to; other modules pass theirs to attachFiles / filesOf. */
export interface FileSubject {
  type: FileSubjectType;
  id: string;
}

export function toFileRef(row: FileRow): FileRef {
  return {
    _id: row.id,
    url: fileUrl(row.id),
    thumbnailUrl: row.thumbnailKey ? thumbnailUrl(row.id) : null,
    name: row.originalName,
    contentType: row.contentType,
    size: row.sizeBytes,
    width: row.width,
    height: row.height,
    kind: row.kind as FileKind,
  };
}

export async function insertFile(tx: Db, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await tx.insert(files).values(values).returning();
  return row!;
}

/** The file if `visibility` (from the access module, on the outer "files" row) lets the caller see it. */
export async function findVisibleFile(db: Db, visibility: SQL, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), visibility))
    .limit(1);
  return row;
}

/** The files attached to a record, oldest first. */
export async function filesOf(db: Db, subject: FileSubject): Promise<FileRef[]> {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.subjectType, subject.type), eq(files.subjectId, subject.id)))
    .orderBy(asc(files.createdAt), asc(files.id));
  return rows.map(toFileRef);
}

const FIELD_OF_KIND: Record<FileKind, { path: string; label: string }> = {
  image: { path: 'photos', label: 'Photos' },
  document: { path: 'documents', label: 'Documents' },
};

/**
 * Makes `fileIds` the files of `subject` (of `kind` when given), inside the caller's transaction.
 * Each file must exist, belong to `organisationId`, be unattached or already attached to this
 * subject, and be of `kind`; otherwise a 400 on the field (`field`, by default "photos" for
 * images and "documents" for documents) and the caller's transaction rolls back. Files of the
 * subject (of `kind`) left out of the list are deleted: their rows now, their stored objects once
 * the deletion is committed (a job queued in the same transaction).
 */
export async function attachFiles(
  tx: Db,
  fx: Pick<Effects, 'enqueue'>,
  organisationId: string,
  subject: FileSubject,
  fileIds: string[],
  kind?: FileKind,
  field: { path: string; label: string } = kind ? FIELD_OF_KIND[kind] : { path: 'files', label: 'Files' },
): Promise<void> {
  const ids = [...new Set(fileIds)];
  const ofKind = kind ? eq(files.kind, kind) : undefined;
  if (ids.length > 0) {
    // One conditional update: a file another request is attaching elsewhere at the same moment
    // is either ours or not, never both.
    const attached = await tx
      .update(files)
      .set({ subjectType: subject.type, subjectId: subject.id })
      .where(
        and(
          inArray(files.id, ids),
          eq(files.organisationId, organisationId),
          ofKind,
          or(isNull(files.subjectType), and(eq(files.subjectType, subject.type), eq(files.subjectId, subject.id))),
        ),
      )
      .returning({ id: files.id });
    if (attached.length !== ids.length) {
      throw invalidField(field.path, 'VALIDATION.NOT_VALID', { field: field.label });
    }
  }
  const dropped = await tx
    .delete(files)
    .where(
      and(
        eq(files.subjectType, subject.type),
        eq(files.subjectId, subject.id),
        ofKind,
        ids.length > 0 ? notInArray(files.id, ids) : undefined,
      ),
    )
    .returning({ id: files.id, storageKey: files.storageKey, thumbnailKey: files.thumbnailKey });
  // The bytes go in a job queued in this transaction: only once the deletion is committed.
  if (dropped.length > 0) {
    fx.enqueue({
      name: 'file.delete-bytes',
      data: { keys: dropped.flatMap((d) => (d.thumbnailKey ? [d.storageKey, d.thumbnailKey] : [d.storageKey])) },
    });
  }
}

/**
 * Whether attachFiles would take these files for the subject (the same conditions, without
 * attaching): for a write that must refuse bad input before it checks anything else.
 */
export async function filesAttachable(db: Db, organisationId: string, subject: FileSubject, fileIds: string[], kind?: FileKind) {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return true;
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        eq(files.organisationId, organisationId),
        kind ? eq(files.kind, kind) : undefined,
        or(isNull(files.subjectType), and(eq(files.subjectType, subject.type), eq(files.subjectId, subject.id))),
      ),
    );
  return found.length === ids.length;
}

/** Uploads never attached to anything and older than `cutoff`: their rows go, their stored keys are answered. */
export async function deleteUnattachedBefore(tx: Db, cutoff: Date, limit: number): Promise<string[]> {
  const dropped = await tx.execute(sql`
    delete from ${files} where ${files.id} in (
      select ${files.id} from ${files}
       where ${files.subjectType} is null and ${files.createdAt} < ${cutoff.toISOString()}::timestamptz
       order by ${files.createdAt} limit ${limit}
       for update skip locked)
    returning storage_key as "storageKey", thumbnail_key as "thumbnailKey"`);
  return (dropped as unknown as { rows: { storageKey: string; thumbnailKey: string | null }[] }).rows.flatMap((d) =>
    d.thumbnailKey ? [d.storageKey, d.thumbnailKey] : [d.storageKey],
  );
}

/** Deletes the stored objects of rows that are gone (or were never written). */
export async function deleteObjects(storage: FileStorage, dropped: { storageKey: string; thumbnailKey: string | null }[]) {
  const keys = dropped.flatMap((d) => (d.thumbnailKey ? [d.storageKey, d.thumbnailKey] : [d.storageKey]));
  await Promise.all(keys.map((key) => storage.delete(key)));
}
