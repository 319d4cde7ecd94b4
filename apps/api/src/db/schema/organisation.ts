import { ORGANISATION_KINDS, ORGANISATION_STATUSES, type OrganisationKind, type OrganisationStatus } from '@amp/contracts/organisation';
import { USER_STATUSES, type UserStatus } from '@amp/contracts/user';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns.js';

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    kind: text('kind').$type<OrganisationKind>().notNull(),
    name: text('name').notNull(),
    isCompany: boolean('is_company').notNull().default(false),
    status: text('status').$type<OrganisationStatus>().notNull().default('pending'),
    email: text('email'),
    telephone: text('telephone'),
    address: text('address'),
    state: text('state'),
    lga: text('lga'),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    subCategoryIds: uuid('sub_category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Where the organisation is (IANA): its people read times in it unless they choose another. */
    timeZone: text('time_zone').notNull().default('Africa/Lagos'),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisations_kind_status_idx').on(t.kind, t.status),
    check('organisations_kind_check', sql`${t.kind} in (${inList(ORGANISATION_KINDS)})`),
    check('organisations_status_check', sql`${t.status} in (${inList(ORGANISATION_STATUSES)})`),
  ],
);

/** System roles have no organisation and a system_key; custom roles belong to one organisation. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    systemKey: text('system_key'),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_system_key_uq').on(t.systemKey), uniqueIndex('roles_org_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    telephone: text('telephone'),
    designation: text('designation'),
    status: text('status').$type<UserStatus>().notNull().default('pending'),
    isOrgAdmin: boolean('is_org_admin').notNull().default(false),
    language: text('language').notNull().default('en'),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyInApp: boolean('notify_in_app').notNull().default(true),
    /** The zone the user reads times in; null: their organisation's. */
    timeZone: text('time_zone'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_org_idx').on(t.organisationId, t.createdAt),
    index('users_role_idx').on(t.roleId),
    check('users_status_check', sql`${t.status} in (${inList(USER_STATUSES)})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Reset and set-password tokens: stored only as a SHA-256 hash, single use, short-lived. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_uq').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);
