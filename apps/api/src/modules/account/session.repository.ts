import type { OrganisationKind } from '@amp/contracts/organisation';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/account.js';
import { organisations } from '../../db/schema/registration.js';
import { users } from '../../db/schema/user.js';
import type { Principal } from '../../plugins/auth.js';
import { roleGrantsAs } from '../role/role.public.js';

/** The users' roles (role.public), joined: flattened into the same four-table plan. */
const roles = roleGrantsAs('roles');

function prepareSessionPrincipal(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      organisationId: users.organisationId,
      organisationKind: organisations.kind,
      roleId: roles.id,
      roleKey: roles.systemKey,
      permissions: roles.permissions,
      isOrgAdmin: users.isOrgAdmin,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
        eq(organisations.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('session_principal');
}

/** Every authenticated request runs this: prepared, so PostgreSQL plans its four-table join once per connection. */
const preparedPrincipal = new WeakMap<Db, ReturnType<typeof prepareSessionPrincipal>>();

export async function findSessionPrincipal(db: Db, tokenHash: string): Promise<Principal | null> {
  let prepared = preparedPrincipal.get(db);
  if (!prepared) {
    prepared = prepareSessionPrincipal(db);
    preparedPrincipal.set(db, prepared);
  }
  const [row] = await prepared.execute({ tokenHash });
  return row ? { ...row, organisationKind: row.organisationKind as OrganisationKind } : null;
}

export async function insertSession(db: Db, userId: string, tokenHash: string, ttlHours: number) {
  await db.insert(sessions).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
  });
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}
