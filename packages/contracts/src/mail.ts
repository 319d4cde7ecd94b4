import { z } from 'zod';
import { out, pageQuery, recordId } from './fields.js';

/**
 * An outbox mail's delivery: pending until the `mail.deliver` job sends it, retrying after a failed
 * attempt, failed after the last one (the super admin sees it and may send it again).
 */
export const MAIL_STATUSES = ['pending', 'retrying', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** GET /v2/mail/failed: mail that could not be delivered, newest first; the body is never shown (it may hold a token). */
export const failedMailSchema = z
  .object({
    _id: out.id(),
    to: out.text(320),
    subject: out.text(500),
    attempts: out.count(),
    /** The mail server's last answer. */
    error: out.text(500),
    createdAt: out.timestamp(),
  })
  .meta({ id: 'FailedMail' });
export type FailedMail = z.infer<typeof failedMailSchema>;

export const failedMailListQuery = pageQuery.omit({ sort: true, order: true });
export type FailedMailListQuery = z.infer<typeof failedMailListQuery>;

export const mailIdParams = z.object({ id: recordId('Mail', 'mail') });
