import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, users } from '../../db/schema/index.js';

export interface NewActivity {
  organisationId: string | null;
  userId: string | null;
  action: string;
  description: string;
  subjectType?: string;
  subjectId?: string;
}

/** Every change writes one of these inside its own transaction (who, organisation, what, when). */
export async function recordActivity(tx: Db, activity: NewActivity) {
  await tx.insert(activities).values(activity);
}

export async function listActivitiesOfUser(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select({ _id: activities.id, createdAt: activities.createdAt, description: activities.description, action: activities.action })
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit)
    .offset(offset);
}

/** The size of a user's feed: an index-only count on activities_user_idx. */
export async function countActivitiesOfUser(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(activities).where(eq(activities.userId, userId));
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

/** An object's history (activities_subject_idx), newest first, with who did it (null once the user is gone). */
export async function listActivitiesOfSubject(db: Db, subject: ActivitySubject, limit: number, offset: number) {
  return db
    .select({
      _id: activities.id,
      createdAt: activities.createdAt,
      description: activities.description,
      action: activities.action,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.userId))
    .where(ofSubject(subject))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit)
    .offset(offset);
}

export async function countActivitiesOfSubject(db: Db, subject: ActivitySubject): Promise<number> {
  const [row] = await db.select({ total: count() }).from(activities).where(ofSubject(subject));
  return row?.total ?? 0;
}
