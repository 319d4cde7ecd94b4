import type { UploadedFile } from '@amp/contracts/file';
import { MAX_BYTES_OF_KIND } from '@amp/contracts/file';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { consume } from '../../lib/rate-limit.js';
import { readUpload } from '../../lib/upload.js';
import { uploadPortalImage } from '../file/file.public.js';
import { findActiveOwner } from './fault-lookup.repository.js';

/** Portal images per IP and hour: one per report and a few retries (REPORT_LIMIT is 10 reports). */
export const UPLOAD_LIMIT = { max: 20, windowSeconds: 60 * 60 };

/**
 * The portal's one image: counted against the IP before a byte is read, for an active owner only,
 * then through the file module's one pipeline (bytes sniffed, PNG or JPEG only, re-encoded).
 */
export async function uploadImage(deps: Deps, ownerId: string, request: FastifyRequest): Promise<UploadedFile> {
  await consume(deps.db, [{ key: `fault-upload:ip:${request.ip}`, ...UPLOAD_LIMIT }]);
  if (!(await findActiveOwner(deps.db, ownerId))) throw notFound('owner');
  const upload = await readUpload(request, { maxBytes: MAX_BYTES_OF_KIND.image, missing: () => invalidField('file', 'FILE.REQUIRED') });
  return uploadPortalImage(deps, ownerId, {
    filename: upload.filename,
    bytes: upload.bytes ?? Buffer.alloc(0),
    truncated: upload.truncated,
  });
}
