import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { organisations } from './registration.js';

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
