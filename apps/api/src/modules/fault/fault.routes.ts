import { faultOperations as op } from '@amp/contracts/operations/fault';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { operationRoute, stepRoutes } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as fault from './fault.service.js';
import * as read from './fault-read.service.js';
import * as portal from './fault-upload.service.js';

const languageOfRequest = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/** The routes of packages/contracts/src/operations/fault.ts: each one's handler. */
export const faultRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({
    data: await read.detail(app.deps.db, principalOf(request), id, languageOfRequest(request)),
  });
  const step = stepRoutes(app, detailOf);

  operationRoute(app, op.report, async (request, reply) => {
    reply.status(201);
    return { data: await fault.report(app.deps, principalOf(request), request.body) };
  });
  operationRoute(app, op.reportOnPortal, async (request, reply) => {
    const data = await fault.reportOnPortal(app.deps, request.params.ownerId, request.body, request.ip, languageOfRequest(request));
    reply.status(201);
    return { data };
  });
  operationRoute(app, op.uploadOnPortal, async (request, reply) => {
    const uploaded = await portal.uploadImage(app.deps, request.params.ownerId, request);
    reply.status(201).header('Location', uploaded.url);
    return { data: uploaded };
  });

  step(op.approve, (request, id) => fault.approve(app.deps, principalOf(request), id));
  step(op.return, (request, id, body) => fault.returnToReporter(app.deps, principalOf(request), id, body.reason));
  step(op.reject, (request, id, body) => fault.reject(app.deps, principalOf(request), id, body.reason));
  step(op.edit, (request, id, body) => fault.edit(app.deps, principalOf(request), id, body));

  operationRoute(app, op.list, (request) => read.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.counts, async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.reportableAssets, (request) => read.reportableAssets(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.reportableClusters, (request) => read.reportableClusters(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.track, async (request) => ({ data: await read.track(app.deps.db, request.params.code, request.ip) }));
  operationRoute(app, op.portalOwner, async (request) => ({
    data: await read.portalOwner(app.deps.db, request.params.ownerId, request.ip),
  }));
  operationRoute(app, op.portalAssets, (request) => read.portalAssets(app.deps.db, request.params.ownerId, request.query, request.ip));
  operationRoute(app, op.portalAsset, async (request) => ({
    data: await read.portalAsset(app.deps.db, request.params.ownerId, request.params.assetId, request.ip),
  }));
  operationRoute(app, op.detail, (request) => detailOf(request, request.params.id));
};
