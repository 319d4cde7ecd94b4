import { sql } from 'drizzle-orm';

/**
 * What other modules may use of the mail outbox: the count of mail that failed, a scalar subquery
 * (mail_outbox_status_idx) of the super admin's dashboard's one statement.
 */
export const failedMailCount = () => sql<number>`(select count(*)::int from mail_outbox m where m.status = 'failed')`;
