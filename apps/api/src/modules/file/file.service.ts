import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type FileKind, MAX_BYTES_OF_KIND, MAX_IMAGE_PIXELS, THUMBNAIL_SIZE, type UploadedFile } from '@amp/contracts/file';
import sharp from 'sharp';
import { visible } from '../../access/visibility.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { deleteObjects, findVisibleFile, insertFile, toFileRef } from './file.repository.js';

/** The most any upload may be: the largest cap of any kind (the reading stops there). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(MAX_BYTES_OF_KIND));

interface FileType {
  kind: FileKind;
  contentType: string;
  /** The extensions a name may keep; the first is added when it has none of them. */
  extensions: string[];
}

const PNG: FileType = { kind: 'image', contentType: 'image/png', extensions: ['png'] };
const JPEG: FileType = { kind: 'image', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe'] };
const PDF: FileType = { kind: 'document', contentType: 'application/pdf', extensions: ['pdf'] };

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** The type by the first bytes only: the name and the declared type are the sender's word, not evidence. */
export function detectFileType(bytes: Buffer): FileType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF; // %PDF-
  return undefined;
}

const tooLarge = () => new AppError(413, 'ERROR.TOO_LARGE');
const unsupported = () => new AppError(415, 'ERROR.UNSUPPORTED_TYPE');

/**
 * The name to show and to download under: no path, no control or reserved characters, at most
 * 200 characters, ending in an extension of the detected type.
 */
export function cleanFileName(raw: string | undefined, type: FileType): string {
  const base = (raw ?? '')
    .normalize('NFC')
    .replace(/^.*[\\/]/, '')
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .trim()
    .replace(/^\.+/, '');
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  let stem = type.extensions.includes(extension) ? base.slice(0, dot) : base;
  const suffix = `.${type.extensions.includes(extension) ? extension : type.extensions[0]}`;
  if (!stem) stem = 'file';
  return (
    [...stem]
      .slice(0, 200 - suffix.length)
      .join('')
      .trimEnd() + suffix
  );
}

interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
}

/**
 * Images from anyone are untrusted (docs/product.md#files-and-images): the header is read first so a huge image
 * in a small file is refused before it is decoded; then it is decoded, turned upright by its EXIF
 * orientation and encoded again in its own format, which drops every piece of metadata.
 */
async function processImage(bytes: Buffer, type: FileType): Promise<ProcessedImage> {
  const format = type === PNG ? 'png' : 'jpeg';
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unsupported();
    });
  if (header.format !== format || !header.width || !header.height) throw unsupported();
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw tooLarge();
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).autoOrient();
    const encoded = format === 'png' ? upright.png() : upright.jpeg({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { data, width: info.width, height: info.height, thumbnail };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge();
    throw unsupported();
  }
}

export interface UploadPart {
  filename: string | undefined;
  bytes: Buffer;
  /** True when the sender went past MAX_UPLOAD_BYTES and the rest was not read. */
  truncated: boolean;
}

export async function upload(deps: Deps, principal: Principal, part: UploadPart): Promise<UploadedFile> {
  return store(deps, principal, part);
}

/**
 * The public fault portal's one image (PNG or JPEG, nothing else): stored for the owner, uploaded
 * by nobody and attached to no record, so the daily sweep removes it unless a report uses it.
 */
export async function uploadPortalImage(deps: Deps, ownerId: string, part: UploadPart): Promise<UploadedFile> {
  return store(deps, { userId: null, organisationId: ownerId }, part, 'image');
}

async function store(
  deps: Deps,
  by: { userId: string | null; organisationId: string },
  part: UploadPart,
  only?: FileKind,
): Promise<UploadedFile> {
  const type = detectFileType(part.bytes);
  if (!type || (only && type.kind !== only)) throw unsupported();
  if (part.truncated || part.bytes.length > MAX_BYTES_OF_KIND[type.kind]) throw tooLarge();
  const image = type.kind === 'image' ? await processImage(part.bytes, type) : undefined;
  const body = image?.data ?? part.bytes;

  const id = randomUUID();
  const extension = type.extensions[0];
  const stored = {
    storageKey: `${by.organisationId}/${id}.${extension}`,
    thumbnailKey: image ? `${by.organisationId}/${id}-thumb.jpg` : null,
  };
  const name = cleanFileName(part.filename, type);
  try {
    await deps.storage.put(stored.storageKey, body, type.contentType);
    if (image && stored.thumbnailKey) await deps.storage.put(stored.thumbnailKey, image.thumbnail, 'image/jpeg');
    const row = await write(deps, by, async (tx, fx) => {
      const inserted = await insertFile(tx, {
        id,
        organisationId: by.organisationId,
        uploadedBy: by.userId,
        kind: type.kind,
        contentType: type.contentType,
        originalName: name,
        sizeBytes: body.length,
        width: image?.width ?? null,
        height: image?.height ?? null,
        ...stored,
      });
      fx.activity({ action: 'file.uploaded', params: { name }, subject: { type: 'file', id } });
      return inserted;
    });
    return toFileRef(row);
  } catch (error) {
    // No row, no bytes: whatever was written before the failure goes.
    await deleteObjects(deps.storage, [stored]).catch(() => {});
    throw error;
  }
}

export interface Download {
  body: Readable;
  contentType: string;
  size: number | null;
  disposition: string;
}

/** Content-Disposition with an ASCII fallback and the exact name in RFC 5987 form. */
function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The bytes of a file the caller may see (404 otherwise, whether or not it exists). */
export async function download(deps: Deps, principal: Principal, id: string, variant: 'original' | 'thumbnail'): Promise<Download> {
  const row = await findVisibleFile(deps.db, visible(principal, 'file'), id);
  const key = variant === 'thumbnail' ? row?.thumbnailKey : row?.storageKey;
  if (!row || !key) throw notFound('file');
  const body = await deps.storage.get(key);
  if (!body) throw notFound('file');
  if (variant === 'thumbnail') {
    const name = `${row.originalName.replace(/\.[^.]*$/, '')}-thumbnail.jpg`;
    return { body, contentType: 'image/jpeg', size: null, disposition: contentDisposition('inline', name) };
  }
  // Images are shown in place; anything else is only ever saved, never rendered by the browser.
  const disposition = contentDisposition(row.kind === 'image' ? 'inline' : 'attachment', row.originalName);
  return { body, contentType: row.contentType, size: row.sizeBytes, disposition };
}
