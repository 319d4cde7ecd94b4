import type { FailedMailListQuery } from '@amp/contracts/mail';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/mail.js';
import { containsPattern, pageOffset } from '../../lib/list-query.js';

/** Failed mail the viewer sees, newest first, searched by recipient or subject. */
export async function listFailedMail(db: Db, visible: SQL, query: FailedMailListQuery) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    eq(mailOutbox.status, 'failed'),
    visible,
    pattern ? or(ilike(mailOutbox.to, pattern), ilike(mailOutbox.subject, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        attempts: mailOutbox.attempts,
        error: mailOutbox.error,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
