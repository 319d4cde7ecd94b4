import type { ActivityAction } from '@amp/contracts/activity';
import { and, asc, count, desc, eq, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities } from '../../db/schema/activity.js';
import { userRefOf } from '../user/user.public.js';

/** A user's feed, optionally without some actions (e.g. signing in and out). */
const ofUser = (userId: string, excludeActions: readonly ActivityAction[] = []) =>
  excludeActions.length > 0
    ? and(eq(activities.userId, userId), notInArray(activities.action, [...excludeActions]))
    : eq(activities.userId, userId);

export async function listActivitiesOfUser(
  db: Db,
  userId: string,
  limit: number,
  offset: number,
  excludeActions?: readonly ActivityAction[],
) {
  return db
    .select({ _id: activities.id, createdAt: activities.createdAt, action: activities.action, params: activities.params })
    .from(activities)
    .where(ofUser(userId, excludeActions))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit)
    .offset(offset);
}

/** The size of a user's feed: an index-only count on activities_user_idx (a range scan of it when actions are left out). */
export async function countActivitiesOfUser(db: Db, userId: string, excludeActions?: readonly ActivityAction[]): Promise<number> {
  const [row] = await db.select({ total: count() }).from(activities).where(ofUser(userId, excludeActions));
  return row?.total ?? 0;
}

export interface ActivitySubject {
  /** Only this organisation's own records: another tenant's staff (a provider's dispatches) stay theirs. */
  organisationId: string;
  subjectType: string;
  subjectId: string;
}

const ofSubject = (subject: ActivitySubject) =>
  and(
    eq(activities.subjectType, subject.subjectType),
    eq(activities.subjectId, subject.subjectId),
    eq(activities.organisationId, subject.organisationId),
  );

/** An entry of a history: what was done, with who did it (null once the user is gone). */
const historyColumns = {
  _id: activities.id,
  createdAt: activities.createdAt,
  action: activities.action,
  params: activities.params,
  user: userRefOf(activities.userId),
};

/** An object's history (activities_subject_idx), newest first, with who did it (null once the user is gone). */
export async function listActivitiesOfSubject(db: Db, subject: ActivitySubject, limit: number, offset: number) {
  return db
    .select(historyColumns)
    .from(activities)
    .where(ofSubject(subject))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit)
    .offset(offset);
}

export async function countActivitiesOfSubject(db: Db, subject: ActivitySubject): Promise<number> {
  const [row] = await db.select({ total: count() }).from(activities).where(ofSubject(subject));
  return row?.total ?? 0;
}

/**
 * A shared record's whole history, oldest first, whoever wrote it (a fault's steps are taken by the
 * owner, the provider and the reporter), within `visibility` (the access module's condition on
 * "activities": the entries of the documents the caller sees).
 */
export async function listActivitiesOfSharedSubject(db: Db, visibility: SQL, subjectType: string, subjectId: string, limit: number) {
  return db
    .select(historyColumns)
    .from(activities)
    .where(and(eq(activities.subjectType, subjectType), eq(activities.subjectId, subjectId), visibility))
    .orderBy(activities.createdAt, activities.id)
    .limit(limit);
}

/** A record's steps without who took them (a public page tells them: the action, when, its parameters), oldest first. */
export async function listStepsOfSubject(db: Db, subjectType: string, subjectId: string, limit: number) {
  return db
    .select({ action: activities.action, params: activities.params, createdAt: activities.createdAt })
    .from(activities)
    .where(and(eq(activities.subjectType, subjectType), eq(activities.subjectId, subjectId)))
    .orderBy(asc(activities.createdAt), asc(activities.id))
    .limit(limit);
}

/** Whether a record's history already holds the action (a step said once). */
export async function hasActivityOf(db: Db, subjectType: string, subjectId: string, action: ActivityAction): Promise<boolean> {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.subjectType, subjectType), eq(activities.subjectId, subjectId), eq(activities.action, action)))
    .limit(1);
  return row !== undefined;
}
