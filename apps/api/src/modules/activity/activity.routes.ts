import { idField, pageOf } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import { activityEntrySchema, activityListQuery } from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../lib/language.js';
import { principalOf } from '../../plugins/auth.js';
import * as activity from './activity.service.js';

const tags = ['activity'];

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activities/:userId',
    {
      schema: {
        tags,
        summary: "A user's activities, newest first (one's own, or with manageUser a colleague's)",
        operationId: 'listActivities',
        params: z.object({ userId: idField(formatMessage, 'User') }),
        querystring: activityListQuery,
        response: { 200: pageOf(activityEntrySchema) },
      },
      config: { access: 'signedIn' },
    },
    (request) =>
      activity.activitiesOf(
        app.deps.db,
        principalOf(request),
        request.params.userId,
        request.query,
        languageOf(request.headers['accept-language']),
      ),
  );
};
