import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityParams } from '@amp/contracts/activity';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns.js';
import { organisations } from './registration.js';
import { users } from './user.js';

export const activities = pgTable(
  'activities',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<ActivityAction>().notNull(),
    /** The parameters of the message ACTIVITY.<action>: shown in the reader's language. */
    params: jsonb('params').$type<ActivityParams>().notNull().default({}),
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_user_idx').on(t.userId, t.createdAt),
    index('activities_org_idx').on(t.organisationId, t.createdAt),
    index('activities_subject_idx').on(t.subjectType, t.subjectId),
    check('activities_action_check', sql`${t.action} in (${inList(ACTIVITY_ACTIONS)})`),
  ],
);
