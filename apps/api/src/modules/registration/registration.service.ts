import type { registerSchema } from '@amp/contracts/account';
import { pageMeta } from '@amp/contracts/fields';
import { type AccountType, ADMIN_ROLE_OF_KIND } from '@amp/contracts/organisation';
import { REGISTRATION_WORKFLOW } from '@amp/contracts/registration.workflow';
import type { NamedRef, Registration, RegistrationListQuery, RegistrationStatus } from '@amp/contracts/user';
import type { z } from 'zod';
import { visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema/registration.js';
import type { Deps } from '../../deps.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { consume } from '../../lib/rate-limit.js';
import { transition } from '../../lib/transition.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { queuePasswordLink } from '../account/account.public.js';
import { findCategories } from '../category/category.public.js';
import { findLga, stateExists } from '../reference/reference.public.js';
import { findSystemRole } from '../role/role.public.js';
import { activatePendingUsers, emailInUse, insertUserWithoutPassword, rejectPendingUsers } from '../user/user.public.js';
import { findRegistration, insertOrganisation, listRegistrations, type RegistrationRow } from './registration.repository.js';

/** Registrations per IP and hour: enough for an office behind one address, too few to probe emails. */
export const REGISTER_LIMIT = { max: 10, windowSeconds: 60 * 60 };

type RegisterBody = z.infer<typeof registerSchema>;

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * A pending organisation and its first user (its admin, without a password until approval); the
 * super admins are told it awaits their decision.
 */
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
  // Sub-categories come from the chosen categories (docs/product.md#registration).
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
  const organisationName = companyName ?? `${input.firstName} ${input.lastName}`;
  await write(
    deps,
    null,
    async (tx, fx) => {
      const organisationId = await insertOrganisation(tx, {
        kind: input.accountType,
        name: organisationName,
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
      fx.activity({ organisationId, userId, action: 'registration.submitted', subject: { type: 'organisation', id: organisationId } });
      fx.notify({
        event: 'registration.pending',
        to: { superAdmins: true },
        params: { organisation: organisationName },
        path: '/user/request',
      });
    },
    // The same email registering twice at once: the unique index decides.
    { onUniqueViolation: () => new AppError(409, 'REGISTER.FAILURE') },
  );
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
    accountType: row.kind as AccountType,
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
 * link to set a password and notified; rejection closes both. A decided registration answers 409.
 */
export async function decide(
  deps: Deps,
  principal: Principal,
  id: string,
  input: { approve: boolean; accountType?: AccountType },
): Promise<Registration> {
  const current = await getRegistration(deps.db, id);
  await write(deps, principal, async (tx, fx) => {
    const kind = input.approve ? (input.accountType ?? (current.accountType as AccountType)) : undefined;
    // The registration's workflow (contracts): one guarded step; a decided one answers 409.
    await transition(tx, {
      workflow: REGISTRATION_WORKFLOW,
      action: input.approve ? 'approve' : 'reject',
      on: { table: organisations, id: organisations.id, status: organisations.status, noun: 'registration' },
      id,
      visible: visible(principal, 'registration'),
      parties: principal.organisationKind === 'platform' ? ['platform'] : [],
      permissions: principal.permissions,
      set: kind ? { kind } : {},
      staleMessage: 'REGISTRATION.NOT_PENDING',
    });
    const organisation = (await findRegistration(tx, id))!;
    const action = kind ? 'registration.approved' : 'registration.rejected';
    const params = { organisation: organisation.organisationName };
    let affected: { id: string }[];
    if (kind) {
      const role = await findSystemRole(tx, ADMIN_ROLE_OF_KIND[kind]);
      const activated = await activatePendingUsers(tx, id, role!.id);
      for (const user of activated) await queuePasswordLink(deps, tx, fx, user, 'set_password');
      if (activated.length > 0) {
        fx.notify({ event: 'registration.approved', to: { users: activated.map((u) => u.id) }, params, path: '/dashboard' });
      }
      affected = activated;
    } else {
      affected = await rejectPendingUsers(tx, id);
    }
    const subject = { type: 'organisation', id };
    fx.activity({ action, params, subject });
    // The decision shows in the registrant's own feed too.
    for (const user of affected) fx.activity({ organisationId: id, userId: user.id, action, params, subject });
  });
  return getRegistration(deps.db, id);
}
