import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A CHECK constraint's list, built from the contracts' closed sets so the two cannot drift:
 * `check('x_status_check', sql`${t.status} in (${inList(STATUSES)})`)`.
 */
export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(','));

export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
