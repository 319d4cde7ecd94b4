import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities } from '../../db/schema/index.js';

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
