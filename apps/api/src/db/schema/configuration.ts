import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { organisations } from './registration.js';
import { users } from './user.js';

/** An owner's configuration of one document type (`sr` here; the work order issue adds `wo`). */
export const configurations = pgTable(
  'configurations',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('configurations_org_type_uq').on(t.organisationId, t.type)],
);
