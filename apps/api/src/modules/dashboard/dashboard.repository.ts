import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations, roles, users } from '../../db/schema/index.js';

export async function countActiveOrganisationsByKind(db: Db) {
  return db
    .select({ kind: organisations.kind, total: count() })
    .from(organisations)
    .where(eq(organisations.status, 'active'))
    .groupBy(organisations.kind);
}

export async function countPendingRegistrations(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(organisations)
    .where(and(eq(organisations.status, 'pending'), ne(organisations.kind, 'platform')));
  return row?.total ?? 0;
}

export async function countActiveTechnicians(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.status, 'active'), eq(roles.systemKey, 'technician')));
  return row?.total ?? 0;
}

/** Users created per calendar month (UTC, 'YYYY-MM') since `since`. */
export async function countUsersPerMonth(db: Db, since: Date) {
  const month = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  return db.select({ month, total: count() }).from(users).where(gte(users.createdAt, since)).groupBy(month);
}
