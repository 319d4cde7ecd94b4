import { fileOperations as op } from '@amp/contracts/operations/file';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidField } from '../../lib/errors.js';
import { operationRoute } from '../../lib/operation-routes.js';
import { readUpload } from '../../lib/upload.js';
import { principalOf } from '../../plugins/auth.js';
import * as file from './file.service.js';

const noFile = () => invalidField('file', 'FILE.REQUIRED');

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

/** The routes of packages/contracts/src/operations/file.ts: each one's handler. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.upload, async (request, reply) => {
    const uploaded = await file.upload(app.deps, principalOf(request), await receiveFile(request));
    reply.status(201).header('Location', uploaded.url);
    return { data: uploaded };
  });
  operationRoute(app, op.download, async (request, reply) =>
    sendFile(reply, await file.download(app.deps, principalOf(request), request.params.id, 'original')),
  );
  operationRoute(app, op.thumbnail, async (request, reply) =>
    sendFile(reply, await file.download(app.deps, principalOf(request), request.params.id, 'thumbnail')),
  );
};
