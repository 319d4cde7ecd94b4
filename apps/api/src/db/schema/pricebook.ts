import { PRICEBOOK_KINDS, type PricebookKind } from '@amp/contracts/pricebook';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { organisations } from './registration.js';

/**
 * A provider's or a supplier's pricebook, one row per item. Retired items stay (observations and
 * orders name them in their history); prices are exact kobo.
 */
export const pricebookItems = pgTable(
  'pricebook_items',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    brand: text('brand'),
    model: text('model'),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    kind: text('kind').$type<PricebookKind>().notNull(),
    unit: text('unit'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list: one organisation's items by name (offered ones, or retired ones), its default order.
    index('pricebook_items_org_name_idx').on(t.organisationId, sql`(${t.retiredAt} is null)`, sql`lower(${t.name})`, t.id),
    // The search: the organisation's key beside the trigrams (btree_gin, as assets_org_search_idx).
    index('pricebook_items_search_idx').using(
      'gin',
      t.organisationId,
      t.name.op('gin_trgm_ops'),
      t.description.op('gin_trgm_ops'),
      t.brand.op('gin_trgm_ops'),
      t.model.op('gin_trgm_ops'),
    ),
    check('pricebook_items_price_check', sql`${t.priceKobo} >= 0`),
    check('pricebook_items_kind_check', sql`${t.kind} in (${sql.raw(PRICEBOOK_KINDS.map((kind) => `'${kind}'`).join(', '))})`),
  ],
);
