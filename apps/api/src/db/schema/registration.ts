import { ORGANISATION_KINDS, ORGANISATION_STATUSES, type OrganisationKind, type OrganisationStatus } from '@amp/contracts/organisation';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns.js';

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
