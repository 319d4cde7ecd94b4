import { type FileKind, type FileRef, fileUrl, thumbnailUrl } from '@amp/contracts/file';
import { and, asc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, files, slas } from '../../db/schema/index.js';
import { invalidField } from '../../lib/errors.js';
import type { FileStorage } from '../../plugins/storage.js';
import { assetVisibleToProvider, assetVisibleToTechnician } from '../assignment/assignment-visibility.repository.js';

export type FileRow = typeof files.$inferSelect;

/** What a file can be attached to; other modules pass theirs to attachFiles / filesOf. */
export interface FileSubject {
  type: 'asset' | 'sla';
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

/** Who is reading: a technician sees only what is assigned to them, anyone else what their organisation sees. */
export interface FileViewer {
  organisationId: string;
  /** Set for a provider's technician (roleFlags(...).technician). */
  technicianId?: string;
}

/**
 * A file the viewer may download, or nothing (the route answers 404 either way). Allowed: files
 * of the viewer's organisation; files attached to an asset the viewer sees by THE visibility rule
 * (assignment-visibility.repository.ts); files attached to an SLA of which the viewer's
 * organisation is the owner or the provider.
 */
export async function findVisibleFile(db: Db, viewer: FileViewer, id: string): Promise<FileRow | undefined> {
  const { organisationId, technicianId } = viewer;
  const assetSeen: SQL = technicianId
    ? sql`(${assetVisibleToTechnician(technicianId, organisationId)})`
    : sql`(${assets.organisationId} = ${organisationId} or ${assetVisibleToProvider(organisationId)})`;
  const onSeenAsset = sql`exists (select 1 from ${assets} where ${assets.id} = ${files.subjectId} and ${assetSeen})`;
  const onSeenSla = sql`exists (select 1 from ${slas} where ${slas.id} = ${files.subjectId} and (${slas.organisationId} = ${organisationId} or ${slas.providerId} = ${organisationId}))`;
  const [row] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, id),
        or(
          eq(files.organisationId, organisationId),
          and(eq(files.subjectType, 'asset'), onSeenAsset),
          and(eq(files.subjectType, 'sla'), onSeenSla),
        ),
      ),
    )
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
 * the deletion is committed.
 */
export async function attachFiles(
  tx: Db,
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
  if (dropped.length > 0) deleteObjectsOnceCommitted(dropped);
}

interface DroppedFile {
  id: string;
  storageKey: string;
  thumbnailKey: string | null;
}

/**
 * attachFiles runs inside someone else's transaction, so it cannot delete stored objects itself:
 * a rollback would bring the rows back without their bytes. Instead the objects are removed once
 * their rows are seen to be gone from outside the transaction, i.e. after the commit; if the rows
 * are still there after the last check (a rollback), the objects stay.
 */
let cleaner: { db: Db; storage: FileStorage; warn: (message: string, error: unknown) => void } | undefined;
const RECHECK_AFTER_MS = [25, 250, 1_000, 5_000, 30_000, 120_000];

/** Called once by the file routes with the app's database and storage. */
export function useForCleanup(db: Db, storage: FileStorage, warn: (message: string, error: unknown) => void) {
  cleaner = { db, storage, warn };
}

function deleteObjectsOnceCommitted(dropped: DroppedFile[], attempt = 0) {
  const current = cleaner;
  const delay = RECHECK_AFTER_MS[attempt];
  if (!current || delay === undefined) return;
  const timer = setTimeout(async () => {
    try {
      const left = await current.db
        .select({ id: files.id })
        .from(files)
        .where(
          inArray(
            files.id,
            dropped.map((d) => d.id),
          ),
        );
      const stillThere = new Set(left.map((r) => r.id));
      await deleteObjects(
        current.storage,
        dropped.filter((d) => !stillThere.has(d.id)),
      );
      const waiting = dropped.filter((d) => stillThere.has(d.id));
      if (waiting.length > 0) deleteObjectsOnceCommitted(waiting, attempt + 1);
    } catch (error) {
      current.warn('could not delete the stored objects of detached files', error);
    }
  }, delay);
  timer.unref();
}

/** Deletes the stored objects of rows that are gone (or were never written). */
export async function deleteObjects(storage: FileStorage, dropped: { storageKey: string; thumbnailKey: string | null }[]) {
  const keys = dropped.flatMap((d) => (d.thumbnailKey ? [d.storageKey, d.thumbnailKey] : [d.storageKey]));
  await Promise.all(keys.map((key) => storage.delete(key)));
}
