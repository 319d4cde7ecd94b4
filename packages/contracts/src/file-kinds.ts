// What uploads accept and where files are read, free of the schema library (the offline outbox uses these).

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

export const fileUrl = (id: string) => `/v2/file/${id}`;
export const thumbnailUrl = (id: string) => `/v2/file/${id}/thumbnail`;
