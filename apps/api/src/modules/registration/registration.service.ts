import type { registerSchema } from '@amp/contracts/account';
import { pageMeta } from '@amp/contracts/fields';
import { type AccountType, ADMIN_ROLE_OF_KIND, type OrganisationKind } from '@amp/contracts/organisation';
import type { NamedRef, Registration, RegistrationListQuery, RegistrationStatus } from '@amp/contracts/user';
import type { z } from 'zod';
import type { Deps } from '../../app.js';
import type { Db } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/list-query.js';
import { consume } from '../../lib/rate-limit.js';
import type { Principal } from '../../plugins/auth.js';
import { queuePasswordLink } from '../account/account.service.js';
import { recordActivity } from '../activity/activity.repository.js';
import { findSystemRole } from '../role/role.repository.js';
import { emailInUse, insertUserWithoutPassword } from '../user/user.repository.js';
import {
  activatePendingUsers,
  decideOrganisation,
  findCategories,
  findLga,
  findRegistration,
  insertOrganisation,
  listRegistrations,
  type RegistrationRow,
  rejectPendingUsers,
  stateExists,
} from './registration.repository.js';

/** Registrations per IP and hour: enough for an office behind one address, too few to probe emails. */
export const REGISTER_LIMIT = { max: 10, windowSeconds: 60 * 60 };

type RegisterBody = z.infer<typeof registerSchema>;

const unique = (ids: string[]) => [...new Set(ids)];

/** A pending organisation and its first user (its admin, without a password until approval). */
export async function register(deps: Deps, input: RegisterBody, ip: string): Promise<void> {
  const { db } = deps;
  await consume(db, [{ key: `register:ip:${ip}`, ...REGISTER_LIMIT }]);

  const companyName = input.companyName || undefined;
  if (input.isCompany && !companyName) throw invalidField('companyName', 'VALIDATION.REQUIRED', { field: 'Company name' });
  const isCompany = companyName !== undefined;
  const categoryIds = unique(input.category);
  const subCategoryIds = unique(input.subCategory);
  if (!isCompany && categoryIds.length > 1) throw invalidField('category', 'REGISTER.SINGLE_CATEGORY');

  const found = await findCategories(db, [...categoryIds, ...subCategoryIds]);
  const byId = new Map(found.map((c) => [c.id, c]));
  if (categoryIds.some((id) => byId.get(id)?.parentId !== null))
    throw invalidField('category', 'VALIDATION.NOT_VALID', { field: 'Category' });
  // Sub-categories come from the chosen categories (SPEC.md section 5).
  const chosen = new Set(categoryIds);
  if (subCategoryIds.some((id) => !chosen.has(byId.get(id)?.parentId ?? ''))) {
    throw invalidField('subCategory', 'VALIDATION.NOT_VALID', { field: 'Sub-category' });
  }
  const stateAlias = input.state?.alias.toLowerCase();
  if (stateAlias && !(await stateExists(db, stateAlias))) throw invalidField('state', 'VALIDATION.NOT_VALID', { field: 'State' });
  const lga = input.lga && stateAlias ? await findLga(db, stateAlias, input.lga) : undefined;
  if (input.lga && !lga) throw invalidField('lga', 'VALIDATION.NOT_VALID', { field: 'LGA' });

  if (await emailInUse(db, input.email)) throw new AppError(409, 'REGISTER.FAILURE');
  const role = await findSystemRole(db, ADMIN_ROLE_OF_KIND[input.accountType]);
  await db
    .transaction(async (tx) => {
      const organisationId = await insertOrganisation(tx, {
        kind: input.accountType,
        name: companyName ?? `${input.firstName} ${input.lastName}`,
        isCompany,
        status: 'pending',
        email: input.email,
        telephone: input.telephone || null,
        address: input.address || null,
        state: stateAlias ?? null,
        lga: lga ?? null,
        categoryIds,
        subCategoryIds,
      });
      const userId = await insertUserWithoutPassword(tx, input, {
        organisationId,
        roleId: role!.id,
        status: 'pending',
        isOrgAdmin: true,
      });
      await recordActivity(tx, {
        organisationId,
        userId,
        action: 'registration.submitted',
        description: 'Submitted a registration for approval',
        subjectType: 'organisation',
        subjectId: organisationId,
      });
    })
    .catch((error: unknown) => {
      // The same email registering twice at once: the unique index decides.
      throw isUniqueViolation(error) ? new AppError(409, 'REGISTER.FAILURE') : error;
    });
}

async function toRegistrations(db: Db, rows: RegistrationRow[]): Promise<Registration[]> {
  const names = new Map(
    (await findCategories(db, unique(rows.flatMap((r) => [...r.categoryIds, ...r.subCategoryIds])))).map((c) => [c.id, c.name]),
  );
  const refs = (ids: string[]): NamedRef[] => ids.filter((id) => names.has(id)).map((id) => ({ _id: id, name: names.get(id)! }));
  const status = (s: string): RegistrationStatus => (s === 'active' ? 'approved' : s === 'rejected' ? 'rejected' : 'pending');
  return rows.map((row) => ({
    _id: row.id,
    organisationName: row.organisationName,
    isCompany: row.isCompany,
    accountType: row.kind as OrganisationKind,
    status: status(row.status),
    email: row.email,
    telephone: row.telephone,
    address: row.address,
    state: row.stateAlias ? { state: row.stateName ?? row.stateAlias, alias: row.stateAlias } : null,
    lga: row.lga,
    categories: refs(row.categoryIds),
    subCategories: refs(row.subCategoryIds),
    createdAt: row.createdAt.toISOString(),
    user: {
      _id: row.user.id,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      email: row.user.email,
      telephone: row.user.telephone,
      designation: row.user.designation,
    },
  }));
}

export async function listPage(db: Db, query: RegistrationListQuery) {
  const { rows, total } = await listRegistrations(db, query);
  return { data: await toRegistrations(db, rows), meta: pageMeta(query.page, query.pageSize, total) };
}

async function getRegistration(db: Db, id: string): Promise<Registration> {
  const row = await findRegistration(db, id);
  if (!row) throw notFound('registration');
  const [registration] = await toRegistrations(db, [row]);
  return registration!;
}

/**
 * Approval activates the organisation (as `accountType` when given) and its user, who is mailed a
 * link to set a password; rejection closes both. A decided registration answers 409.
 */
export async function decide(
  deps: Deps,
  principal: Principal,
  id: string,
  input: { approve: boolean; accountType?: AccountType },
): Promise<Registration> {
  const current = await getRegistration(deps.db, id);
  const mailIds = await deps.db.transaction(async (tx) => {
    const kind = input.approve ? (input.accountType ?? (current.accountType as AccountType)) : undefined;
    const organisation = await decideOrganisation(tx, id, input.approve ? { status: 'active', kind } : { status: 'rejected' });
    if (!organisation) throw new AppError(409, 'REGISTRATION.NOT_PENDING');
    const ids: string[] = [];
    let affected: { id: string }[];
    if (kind) {
      const role = await findSystemRole(tx, ADMIN_ROLE_OF_KIND[kind]);
      const activated = await activatePendingUsers(tx, id, role!.id);
      for (const user of activated) ids.push(await queuePasswordLink(deps, tx, user, 'set_password'));
      affected = activated;
    } else {
      affected = await rejectPendingUsers(tx, id);
    }
    const verb = kind ? 'Approved' : 'Rejected';
    await recordActivity(tx, {
      organisationId: principal.organisationId,
      userId: principal.userId,
      action: kind ? 'registration.approved' : 'registration.rejected',
      description: `${verb} the registration of ${organisation.name}`,
      subjectType: 'organisation',
      subjectId: id,
    });
    for (const user of affected) {
      await recordActivity(tx, {
        organisationId: id,
        userId: user.id,
        action: kind ? 'registration.approved' : 'registration.rejected',
        description: kind ? 'Registration approved' : 'Registration rejected',
        subjectType: 'organisation',
        subjectId: id,
      });
    }
    return ids;
  });
  await deps.mailer.deliver(mailIds);
  return getRegistration(deps.db, id);
}
