import { z } from 'zod';
import { idField, out } from './fields.js';
import type { Translate } from './messages.js';

/** Uploads (POST /v2/file/upload): images are re-encoded and thumbnailed, documents kept as sent. */
export const FILE_KINDS = ['image', 'document'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The types accepted, recognised by their first bytes (never by name or declared type). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf'] as const;
export const ACCEPT_OF_KIND: Record<FileKind, string> = {
  image: IMAGE_CONTENT_TYPES.join(','),
  document: DOCUMENT_CONTENT_TYPES.join(','),
};

const MB = 1024 * 1024;
/** Size caps per kind; above them the API answers 413. */
export const MAX_BYTES_OF_KIND: Record<FileKind, number> = { image: 10 * MB, document: 20 * MB };
/** Images above this many pixels are refused (413) before they are decoded: a small file can hold a huge image. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longer side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320;
/** How many files one field of a record (an asset's photos, its documents) may hold. */
export const MAX_FILES_PER_FIELD = 10;

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

export const fileUrl = (id: string) => `/v2/file/${id}`;
export const thumbnailUrl = (id: string) => `/v2/file/${id}/thumbnail`;

/** A record's list of uploaded files (their ids), at most `max`. */
export function fileIdsField(t: Translate, field: string, max = MAX_FILES_PER_FIELD) {
  return z.array(idField(t, field), { error: t('VALIDATION.NOT_VALID', { field }) }).max(max, t('FILE.TOO_MANY', { field, max }));
}
