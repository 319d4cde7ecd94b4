import type { Language } from '@amp/contracts/account';
import { SESSION_ACTIONS } from '@amp/contracts/activity';
import { pageMeta } from '@amp/contracts/fields';
import { holds } from '@amp/contracts/permissions';
import type { ActivityEntry } from '@amp/contracts/user';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { findUser } from '../user/user.public.js';
import { describeActivityIn } from './activity.public.js';
import { countActivitiesOfUser, listActivitiesOfUser } from './activity.repository.js';

/**
 * A user's recent activities, newest first: one's own, or (with manageUser) those of a user of
 * one's organisation. Another organisation's user is not found. Each reads in the reader's language.
 */
export async function activitiesOf(
  db: Db,
  principal: Principal,
  userId: string,
  query: { page: number; pageSize: number; exclude?: 'session' },
  language: Language,
) {
  if (userId !== principal.userId) {
    if (!(await findUser(db, principal.organisationId, userId))) throw notFound('user');
    if (!holds(principal.permissions, 'manageUser')) throw forbidden();
  }
  const excluded = query.exclude === 'session' ? SESSION_ACTIONS : undefined;
  const [rows, total] = await Promise.all([
    listActivitiesOfUser(db, userId, query.pageSize, (query.page - 1) * query.pageSize, excluded),
    countActivitiesOfUser(db, userId, excluded),
  ]);
  const data: ActivityEntry[] = rows.map((row) => ({
    _id: row._id,
    createdAt: row.createdAt.toISOString(),
    description: describeActivityIn(language, row.action, row.params),
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}
