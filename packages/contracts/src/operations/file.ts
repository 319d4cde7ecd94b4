import { z } from 'zod';
import { dataOf, recordId } from '../fields.js';
import { DOCUMENT_CONTENT_TYPES, fileRefSchema, IMAGE_CONTENT_TYPES, MAX_BYTES_OF_KIND } from '../file.js';
import { fileAnswer, operation } from './operation.js';

const tags = ['file'];
const byId = z.object({ id: recordId('File', 'file') });
const bytesOfFile = 'The bytes of the file (`X-Content-Type-Options: nosniff`)';

/** Uploaded images and documents: any signed-in user uploads, and reads what the API lets them see. */
export const fileOperations = {
  upload: operation({
    method: 'POST',
    path: '/v2/file/upload',
    tags,
    summary: 'Upload an image or a PDF, to attach to a record by its id',
    operationId: 'uploadFile',
    description:
      'Multipart field `file`: a PNG or JPEG image (at most 10 MB and 40 megapixels; re-encoded without metadata and thumbnailed) or a PDF (at most 20 MB), told apart by their bytes. Answers 201 with the stored location in `Location`.',
    access: 'signedIn',
    // Read up to the largest kind's cap; the API applies each kind's own.
    upload: { maxBytes: Math.max(...Object.values(MAX_BYTES_OF_KIND)), description: 'A PNG or JPEG image, or a PDF' },
    response: { 201: dataOf(fileRefSchema) },
  }),
  download: operation({
    method: 'GET',
    path: '/v2/file/:id',
    tags,
    summary: "A file's bytes",
    operationId: 'downloadFile',
    access: 'signedIn',
    params: byId,
    response: { 200: fileAnswer(bytesOfFile, [...IMAGE_CONTENT_TYPES, ...DOCUMENT_CONTENT_TYPES], MAX_BYTES_OF_KIND.document) },
  }),
  thumbnail: operation({
    method: 'GET',
    path: '/v2/file/:id/thumbnail',
    tags,
    summary: "An image's thumbnail (JPEG)",
    operationId: 'downloadThumbnail',
    access: 'signedIn',
    params: byId,
    response: { 200: fileAnswer(bytesOfFile, ['image/jpeg'], MAX_BYTES_OF_KIND.document) },
  }),
};
