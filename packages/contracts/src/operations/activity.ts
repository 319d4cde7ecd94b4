import { z } from 'zod';
import { idField, pageOf } from '../fields.js';
import { formatMessage } from '../messages.js';
import { activityEntrySchema, activityListQuery } from '../user.js';
import { operation } from './operation.js';

const tags = ['activity'];

/** A user's activity feed. */
export const activityOperations = {
  list: operation({
    method: 'GET',
    path: '/v2/activities/:userId',
    tags,
    summary: "A user's activities, newest first (one's own, or with manageUser a colleague's)",
    operationId: 'listActivities',
    access: 'signedIn',
    params: z.object({ userId: idField(formatMessage, 'User') }),
    query: activityListQuery,
    response: { 200: pageOf(activityEntrySchema) },
  }),
};
