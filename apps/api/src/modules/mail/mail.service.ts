import { pageMeta } from '@amp/contracts/fields';
import type { FailedMail, FailedMailListQuery } from '@amp/contracts/mail';
import { MAIL_WORKFLOW } from '@amp/contracts/mail.workflow';
import { visible } from '../../access/visibility.js';
import { mailOutbox } from '../../db/schema/mail.js';
import type { Deps } from '../../deps.js';
import { transition } from '../../lib/transition.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { listFailedMail } from './mail.repository.js';

/** Mail the delivery job gave up on, for the platform's operator (the body stays hidden: it may hold a token). */
export async function failedPage(deps: Deps, principal: Principal, query: FailedMailListQuery) {
  const { rows, total } = await listFailedMail(deps.db, visible(principal, 'mail'), query);
  const data: FailedMail[] = rows.map((row) => ({
    _id: row.id,
    to: row.to,
    subject: row.subject,
    attempts: row.attempts,
    error: row.error ?? '',
    createdAt: row.createdAt.toISOString(),
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}

/** Sends a failed mail again: back to pending, with a new delivery job (and its own retries). */
export async function retry(deps: Deps, principal: Principal, id: string): Promise<void> {
  await write(deps, principal, async (tx, fx) => {
    await transition(tx, {
      workflow: MAIL_WORKFLOW,
      action: 'retry',
      on: { table: mailOutbox, id: mailOutbox.id, status: mailOutbox.status, noun: 'mail' },
      id,
      visible: visible(principal, 'mail'),
      parties: principal.organisationKind === 'platform' ? ['platform'] : [],
      permissions: principal.permissions,
    });
    fx.enqueue({ name: 'mail.deliver', data: { mailId: id } });
  });
}
