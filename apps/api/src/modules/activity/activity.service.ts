import { pageMeta } from '@amp/contracts/fields';
import { holds } from '@amp/contracts/permissions';
import type { ActivityEntry } from '@amp/contracts/user';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { findUser } from '../user/user.repository.js';
import { countActivitiesOfUser, listActivitiesOfUser } from './activity.repository.js';

/**
 * A user's recent activities, newest first: one's own, or (with manageUser) those of a user of
 * one's organisation. Another organisation's user is not found.
 */
export async function activitiesOf(db: Db, principal: Principal, userId: string, query: { page: number; pageSize: number }) {
  if (userId !== principal.userId) {
    if (!(await findUser(db, principal.organisationId, userId))) throw notFound('user');
    if (!holds(principal.permissions, 'manageUser')) throw forbidden();
  }
  const [rows, total] = await Promise.all([
    listActivitiesOfUser(db, userId, query.pageSize, (query.page - 1) * query.pageSize),
    countActivitiesOfUser(db, userId),
  ]);
  const data: ActivityEntry[] = rows.map((row) => ({ _id: row._id, createdAt: row.createdAt.toISOString(), description: row.description }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}
