import type { Language } from '@amp/contracts/account';
import { renderMessage } from '@amp/contracts/event-texts';
import type { Mail } from '../../plugins/mailer.js';

/** The mails of a portal reporter (who has no account): the tracking code, and the fault's closing. */

export const trackPath = (code: string) => `/report/fault/track/${code}`;

interface MailFacts {
  code: string;
  asset: string;
  owner: string;
}

/** After a portal report: the tracking code and its page (or, for a "+1", the code of the fault it joined). */
export function trackingMail(publicUrl: string, to: string, language: Language, facts: MailFacts & { duplicate: boolean }): Mail {
  const url = `${publicUrl}${trackPath(facts.code)}`;
  const params = { code: facts.code, asset: facts.asset, owner: facts.owner, url };
  return {
    to,
    subject: renderMessage(language, 'NOTIFICATION.FAULT_MAIL.REPORTED_SUBJECT', params),
    text: renderMessage(language, facts.duplicate ? 'NOTIFICATION.FAULT_MAIL.DUPLICATE' : 'NOTIFICATION.FAULT_MAIL.REPORTED', params),
  };
}

/** When the fault closes: rejected (with the owner's reason) or taken up as a service request or work order. */
export function closedMail(
  publicUrl: string,
  to: string,
  language: Language,
  facts: MailFacts & { outcome: 'rejected' | 'converted'; reason: string },
): Mail {
  const url = `${publicUrl}${trackPath(facts.code)}`;
  const params = { code: facts.code, asset: facts.asset, owner: facts.owner, reason: facts.reason, url };
  return {
    to,
    subject: renderMessage(language, 'NOTIFICATION.FAULT_MAIL.CLOSED_SUBJECT', params),
    text: renderMessage(
      language,
      facts.outcome === 'rejected' ? 'NOTIFICATION.FAULT_MAIL.REJECTED' : 'NOTIFICATION.FAULT_MAIL.CONVERTED',
      params,
    ),
  };
}

/** When the work raised from the fault is done: it was fixed. */
export function fixedMail(publicUrl: string, to: string, language: Language, facts: MailFacts): Mail {
  const url = `${publicUrl}${trackPath(facts.code)}`;
  const params = { code: facts.code, asset: facts.asset, owner: facts.owner, url };
  return {
    to,
    subject: renderMessage(language, 'NOTIFICATION.FAULT_MAIL.FIXED_SUBJECT', params),
    text: renderMessage(language, 'NOTIFICATION.FAULT_MAIL.FIXED', params),
  };
}
