import { doublePrecision, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './registration.js';

/**
 * The score cards' sums per owner and provider (issue 12), moved at COMMIT by deferred row triggers
 * on work_orders (migration 0036). Each weight is stored as exp((t - 2020-01-01) x ln 2 / half-life)
 * for the instant t it counts from: today's weight, 0.5 ^ (age / half-life), is that times
 * exp(-(now - 2020-01-01) x ln 2 / half-life), the same factor for every order, so a card multiplies
 * the kept sums once instead of adding up an owner's orders. Only what no longer depends on the
 * clock is kept: an order whose SLA clock still runs and is past its target is added by the read.
 */
const weight = (name: string) => doublePrecision(name).notNull().default(0);
export const scoreCardSums = pgTable(
  'score_card_sums',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    jobsCompleted: integer('jobs_completed').notNull().default(0),
    responseCount: integer('response_count').notNull().default(0),
    responseWeight: weight('response_weight'),
    responseOnTimeWeight: weight('response_on_time_weight'),
    resolutionCount: integer('resolution_count').notNull().default(0),
    resolutionWeight: weight('resolution_weight'),
    resolutionOnTimeWeight: weight('resolution_on_time_weight'),
    respondedCount: integer('responded_count').notNull().default(0),
    respondedWeight: weight('responded_weight'),
    respondedWeightedHours: weight('responded_weighted_hours'),
    resolvedWeight: weight('resolved_weight'),
    resolvedWeightedHours: weight('resolved_weighted_hours'),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingWeight: weight('rating_weight'),
    ratingWeightedSum: weight('rating_weighted_sum'),
    unsatisfactory: integer('unsatisfactory').notNull().default(0),
    recalls: integer('recalls').notNull().default(0),
    declinedOrders: integer('declined_orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.providerId] }), index('score_card_sums_provider_idx').on(t.providerId)],
);
