import { USER_STATUSES, type UserStatus } from '@amp/contracts/user';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { organisations } from './registration.js';
import { roles } from './role.js';

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
