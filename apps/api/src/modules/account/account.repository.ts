import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeTokens } from '../../db/schema/account.js';
import { organisations } from '../../db/schema/registration.js';
import { users } from '../../db/schema/user.js';
import { roleGrantsAs } from '../role/role.public.js';

/** The users' roles (role.public), joined. */
const roles = roleGrantsAs('roles');

export type OneTimePurpose = 'reset' | 'set_password';

export async function findUserForLogin(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      organisationId: users.organisationId,
      passwordHash: users.passwordHash,
      status: users.status,
      organisationStatus: organisations.status,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function findUserProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      user: users,
      organisation: { id: organisations.id, name: organisations.name, kind: organisations.kind, timeZone: organisations.timeZone },
      role: { id: roles.id, name: roles.name, systemKey: roles.systemKey, permissions: roles.permissions },
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function updateSettings(
  db: Db,
  userId: string,
  values: { language?: string; notifyEmail?: boolean; notifyInApp?: boolean; timeZone?: string | null },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** A newer token voids the older ones of the same user. */
export async function replaceOneTimeToken(db: Db, userId: string, purpose: OneTimePurpose, tokenHash: string, ttlMinutes: number) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash, expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})` });
}

/** True when the token is live (unused, unexpired): a cheap look before the costly password hash, which does not use it up. */
export async function isLiveOneTimeToken(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/** Marks a live token used and returns its user, or nothing: one statement, so it is single-use even under races. */
export async function consumeOneTimeToken(db: Db, tokenHash: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)))
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose });
  return row;
}
