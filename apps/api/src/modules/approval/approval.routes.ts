import { formatMessage } from '@amp/contracts/messages';
import { approvalOperations as op } from '@amp/contracts/operations/approval';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as approval from './approval.service.js';

/** The routes of packages/contracts/src/operations/approval.ts: each one's handler. */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.levels, async (request) => ({
    data: await approval.listLevels(app.deps.db, principalOf(request), request.params.type),
  }));
  operationRoute(app, op.settings, async (request) => ({
    data: await approval.settingsOf(app.deps.db, principalOf(request), request.params.type),
  }));
  operationRoute(app, op.saveSettings, async (request) => ({
    data: await approval.changeSettings(app.deps, principalOf(request), request.params.type, request.body),
  }));
  operationRoute(app, op.approvers, async (request) => ({
    data: await approval.approverOptions(app.deps.db, principalOf(request), request.params.type),
  }));
  operationRoute(app, op.createLevel, async (request, reply) => {
    const principal = principalOf(request);
    await approval.createLevel(app.deps, principal, request.params.type, request.body);
    reply.status(201);
    return { data: await approval.listLevels(app.deps.db, principal, request.params.type) };
  });
  operationRoute(app, op.updateLevel, async (request) => {
    const principal = principalOf(request);
    const type = await approval.changeLevel(app.deps, principal, request.params.id, request.body);
    return { data: await approval.listLevels(app.deps.db, principal, type) };
  });
  operationRoute(app, op.deleteLevel, async (request) => {
    await approval.removeLevel(app.deps, principalOf(request), request.params.id);
    return { data: { message: formatMessage('APPROVAL.LEVEL_DELETED') } };
  });
};
