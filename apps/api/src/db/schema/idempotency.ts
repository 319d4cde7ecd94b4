import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The requests applied under an Idempotency-Key (plugins/idempotency.ts): the key is claimed inside
 * the business write's own transaction (lib/write.ts), so the change and the claim commit together
 * and a repeat is never applied twice; the answer is stored once it is sent, for repeats to get it
 * again. `scope` is the caller: a user's id, or `anonymous`. Swept after 7 days (housekeeping).
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The answer, once sent (null while it is being applied, or if it was lost). */
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);
