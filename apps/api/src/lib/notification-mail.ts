import type { Language } from '@amp/contracts/account';
import { notificationMessageKey, renderMessage } from '@amp/contracts/event-texts';
import type { MessageParams } from '@amp/contracts/messages';
import type { NotificationEvent } from '@amp/contracts/notification';
import type { Mail } from '../plugins/mailer.js';

export function describeNotification(language: Language, event: NotificationEvent, params: MessageParams): string {
  return renderMessage(language, notificationMessageKey(event, params), params);
}

function withFooter(publicUrl: string, language: Language, lines: string[]): string {
  const profile = `${publicUrl}/user-profile/notifications`;
  return [...lines, '', renderMessage(language, 'NOTIFICATION.EMAIL_FOOTER', { url: profile })].join('\n');
}

/** The mail of one notification, in the recipient's language, with a link to where it leads. */
export function notificationMail(
  publicUrl: string,
  to: string,
  language: Language,
  notice: { event: NotificationEvent; params: MessageParams; path: string },
): Mail {
  const text = describeNotification(language, notice.event, notice.params);
  return {
    to,
    subject: renderMessage(language, 'NOTIFICATION.EMAIL_SUBJECT', { text }).slice(0, 200),
    text: withFooter(publicUrl, language, [
      text,
      '',
      renderMessage(language, 'NOTIFICATION.EMAIL_OPEN', { url: `${publicUrl}${notice.path}` }),
    ]),
  };
}

/** One mail with the day's notifications of one recipient (the 07:00 digest). */
export function digestMail(
  publicUrl: string,
  to: string,
  language: Language,
  items: readonly { event: NotificationEvent; params: MessageParams; path: string }[],
): Mail {
  return {
    to,
    subject: renderMessage(language, 'NOTIFICATION.DIGEST_SUBJECT', { count: items.length }),
    text: withFooter(publicUrl, language, [
      renderMessage(language, 'NOTIFICATION.DIGEST_INTRO'),
      '',
      ...items.map((item) => `- ${describeNotification(language, item.event, item.params)} (${publicUrl}${item.path})`),
    ]),
  };
}
