import type { RegistrationListQuery } from '@amp/contracts/user';
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema/registration.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { stateNamesAs } from '../reference/reference.public.js';
import { firstAdminIdOf, userContactsAs } from '../user/user.public.js';

/** Organisation statuses behind the registration statuses of the API. */
export const ORGANISATION_STATUS = { pending: 'pending', approved: 'active', rejected: 'rejected' } as const;

export async function insertOrganisation(db: Db, values: typeof organisations.$inferInsert) {
  const [row] = await db.insert(organisations).values(values).returning({ id: organisations.id });
  return row!.id;
}

/** The states' names and the users' contacts (reference.public, user.public), joined. */
const states = stateNamesAs('states');
const users = userContactsAs('users');

/** The user who registered an organisation: its first admin. */
const registrant = and(eq(users.organisationId, organisations.id), eq(users.id, firstAdminIdOf(organisations.id)));

const registrationColumns = {
  id: organisations.id,
  organisationName: organisations.name,
  isCompany: organisations.isCompany,
  kind: organisations.kind,
  status: organisations.status,
  email: organisations.email,
  telephone: organisations.telephone,
  address: organisations.address,
  stateAlias: organisations.state,
  stateName: states.name,
  lga: organisations.lga,
  categoryIds: organisations.categoryIds,
  subCategoryIds: organisations.subCategoryIds,
  createdAt: organisations.createdAt,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    telephone: users.telephone,
    designation: users.designation,
  },
};
export type RegistrationRow = Awaited<ReturnType<typeof listRegistrations>>['rows'][number];

const REGISTRATION_SORT_COLUMNS = {
  createdAt: [organisations.createdAt],
  name: [sql`lower(${organisations.name})`],
  email: [users.email],
} as const;

export async function listRegistrations(db: Db, query: RegistrationListQuery) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    ne(organisations.kind, 'platform'),
    eq(organisations.status, ORGANISATION_STATUS[query.status]),
    pattern
      ? or(
          ilike(organisations.name, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
  const orderBy = query.sort
    ? orderOf([...REGISTRATION_SORT_COLUMNS[query.sort]], query.order, organisations.id)
    : orderOf([organisations.createdAt], 'desc', organisations.id);
  const rows = await db
    .select(registrationColumns)
    .from(organisations)
    .innerJoin(users, registrant)
    .leftJoin(states, eq(states.alias, organisations.state))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(organisations).innerJoin(users, registrant).where(where);
  return { rows, total };
}

export async function findRegistration(db: Db, organisationId: string) {
  const [row] = await db
    .select(registrationColumns)
    .from(organisations)
    .innerJoin(users, registrant)
    .leftJoin(states, eq(states.alias, organisations.state))
    .where(and(eq(organisations.id, organisationId), ne(organisations.kind, 'platform')))
    .limit(1);
  return row;
}
