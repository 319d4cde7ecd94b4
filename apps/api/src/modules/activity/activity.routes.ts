import { idField } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import { activityListQuery } from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as activity from './activity.service.js';

const tags = ['activity'];

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activities/:userId',
    {
      schema: { tags, params: z.object({ userId: idField(formatMessage, 'User') }), querystring: activityListQuery },
      config: { access: 'signedIn' },
    },
    (request) => activity.activitiesOf(app.deps.db, principalOf(request), request.params.userId, request.query),
  );
};
