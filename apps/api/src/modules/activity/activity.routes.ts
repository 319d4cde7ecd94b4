import { activityOperations as op } from '@amp/contracts/operations/activity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as activity from './activity.service.js';

/** The routes of packages/contracts/src/operations/activity.ts: each one's handler. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.list, (request) =>
    activity.activitiesOf(
      app.deps.db,
      principalOf(request),
      request.params.userId,
      request.query,
      languageOf(request.headers['accept-language']),
    ),
  );
};
