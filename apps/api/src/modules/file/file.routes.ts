import { idField } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidField } from '../../lib/errors.js';
import { principalOf } from '../../plugins/auth.js';
import * as file from './file.service.js';

const tags = ['file'];
const byId = z.object({ id: idField(formatMessage, 'File') });
const noFile = () => invalidField('file', 'FILE.REQUIRED');

/** The one file of the multipart field `file`, read up to the largest cap (the service applies each kind's). */
async function readUpload(request: FastifyRequest): Promise<file.UploadPart> {
  if (!request.isMultipart()) throw noFile();
  try {
    const part = await request.file({ limits: { fileSize: file.MAX_UPLOAD_BYTES }, throwFileSizeLimit: false });
    if (part?.fieldname !== 'file') throw noFile();
    const bytes = await part.toBuffer();
    return { filename: part.filename, bytes, truncated: part.file.truncated };
  } catch (error) {
    // A malformed multipart body (busboy's errors carry no status) is the sender's mistake.
    if ((error as { statusCode?: number }).statusCode === undefined) throw noFile();
    throw error;
  }
}

async function sendFile(reply: FastifyReply, found: file.Download) {
  reply
    .type(found.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', found.disposition)
    // The bytes of a file never change; the browser may keep them, shared caches may not.
    .header('Cache-Control', 'private, max-age=3600');
  if (found.size !== null) reply.header('Content-Length', found.size);
  return reply.send(found.body);
}

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  file.enableCleanup(app.deps, (message, error) => app.log.warn({ err: error }, message));

  app.post(
    '/file/upload',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart field `file`: a PNG or JPEG image (at most 10 MB and 40 megapixels; re-encoded without metadata and thumbnailed) or a PDF (at most 20 MB). Answers 201 with the stored location.',
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      const uploaded = await file.upload(app.deps, principalOf(request), await readUpload(request));
      reply.status(201).header('Location', uploaded.url);
      return { data: uploaded };
    },
  );

  app.get('/file/:id', { schema: { tags, params: byId }, config: { access: 'signedIn' } }, async (request, reply) =>
    sendFile(reply, await file.download(app.deps, principalOf(request), request.params.id, 'original')),
  );

  app.get('/file/:id/thumbnail', { schema: { tags, params: byId }, config: { access: 'signedIn' } }, async (request, reply) =>
    sendFile(reply, await file.download(app.deps, principalOf(request), request.params.id, 'thumbnail')),
  );
};
