import { dataOf, idField, out } from '@amp/contracts/fields';
import { DOCUMENT_CONTENT_TYPES, fileRefSchema, IMAGE_CONTENT_TYPES, MAX_BYTES_OF_KIND } from '@amp/contracts/file';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidField } from '../../lib/errors.js';
import { readUpload } from '../../lib/upload.js';
import { principalOf } from '../../plugins/auth.js';
import * as file from './file.service.js';

const tags = ['file'];
const byId = z.object({ id: idField(formatMessage, 'File') });
const noFile = () => invalidField('file', 'FILE.REQUIRED');

/** A download's answer in the API document: the bytes, as one of the given types. */
const download = (types: readonly string[]) => ({
  description: 'The bytes of the file (`X-Content-Type-Options: nosniff`)',
  content: Object.fromEntries(types.map((type) => [type, { schema: out.binary(MAX_BYTES_OF_KIND.document) }])),
});

/** The one file of the multipart field `file`, read up to the largest cap (the service applies each kind's). */
async function receiveFile(request: FastifyRequest): Promise<file.UploadPart> {
  const upload = await readUpload(request, { maxBytes: file.MAX_UPLOAD_BYTES, missing: noFile });
  return { filename: upload.filename, bytes: upload.bytes ?? Buffer.alloc(0), truncated: upload.truncated };
}

async function sendFile(reply: FastifyReply, found: file.Download) {
  reply
    .type(found.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', found.disposition)
    // Downloads need the bearer token: like every authenticated answer, nothing may keep a copy.
    .header('Cache-Control', 'no-store');
  if (found.size !== null) reply.header('Content-Length', found.size);
  return reply.send(found.body);
}

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/file/upload',
    {
      schema: {
        tags,
        summary: 'Upload an image or a PDF, to attach to a record by its id',
        operationId: 'uploadFile',
        description:
          'Multipart field `file`: a PNG or JPEG image (at most 10 MB and 40 megapixels; re-encoded without metadata and thumbnailed) or a PDF (at most 20 MB), told apart by their bytes. Answers 201 with the stored location in `Location`.',
        upload: { maxBytes: file.MAX_UPLOAD_BYTES, description: 'A PNG or JPEG image, or a PDF' },
        response: { 201: dataOf(fileRefSchema) },
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      const uploaded = await file.upload(app.deps, principalOf(request), await receiveFile(request));
      reply.status(201).header('Location', uploaded.url);
      return { data: uploaded };
    },
  );

  app.get(
    '/file/:id',
    {
      schema: {
        tags,
        summary: "A file's bytes",
        operationId: 'downloadFile',
        params: byId,
        response: { 200: download([...IMAGE_CONTENT_TYPES, ...DOCUMENT_CONTENT_TYPES]) },
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => sendFile(reply, await file.download(app.deps, principalOf(request), request.params.id, 'original')),
  );

  app.get(
    '/file/:id/thumbnail',
    {
      schema: {
        tags,
        summary: "An image's thumbnail (JPEG)",
        operationId: 'downloadThumbnail',
        params: byId,
        response: { 200: download(['image/jpeg']) },
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => sendFile(reply, await file.download(app.deps, principalOf(request), request.params.id, 'thumbnail')),
  );
};
