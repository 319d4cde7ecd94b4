import type { Language } from './account.js';
import { mergeOnce } from './event-family.js';
import { EVENT_MESSAGES, type EventMessageKey, fillEventText, formatEventMessage } from './event-messages.js';
import { EVENT_TEXT_FAMILIES } from './events.js';
import type { MessageParams } from './messages.js';
import { NOTIFICATION_EVENTS, type NotificationEvent } from './notification.js';

const TRANSLATED = ['de', 'es', 'fr', 'ja', 'zh'] as const satisfies readonly Exclude<Language, 'en'>[];

/**
 * Activities and notifications are stored as message keys with parameters and rendered for each
 * reader: by the API (the `description` of a feed, a notification's email) and by the web. The
 * English texts are EVENT_MESSAGES; these are the other five languages, from each module's
 * `*.events.ts`.
 */
export const EVENT_TEXTS = Object.fromEntries(
  TRANSLATED.map((language) => [
    language,
    mergeOnce(
      EVENT_TEXT_FAMILIES.map((family) => family[language]),
      `The ${language} event text`,
    ),
  ]),
) as Record<Exclude<Language, 'en'>, Partial<Record<EventMessageKey, string>>>;

/**
 * A catalogue message in the reader's language, English where a translation is missing. A `kind`
 * parameter that names a NOTIFICATION.KIND.<kind> (e.g. `asset`) is shown as that text, translated too.
 */
export function renderMessage(language: Language, key: EventMessageKey, params: MessageParams = {}): string {
  // One of a kind reads "1 cluster", several "3 cluster(s)".
  const singular = `NOTIFICATION.KIND.${params.kind}.one`;
  const kindKey = (
    params.count === 1 && Object.hasOwn(EVENT_MESSAGES, singular) ? singular : `NOTIFICATION.KIND.${params.kind}`
  ) as EventMessageKey;
  if (typeof params.kind === 'string' && Object.hasOwn(EVENT_MESSAGES, kindKey)) {
    params = { ...params, kind: renderMessage(language, kindKey) };
  }
  const text = language === 'en' ? undefined : EVENT_TEXTS[language][key];
  if (!text) return formatEventMessage(key, params);
  return fillEventText(text, params, language);
}

for (const event of NOTIFICATION_EVENTS) {
  // Refused at start: a notification the reader would see as its bare key.
  if (!Object.hasOwn(EVENT_MESSAGES, `NOTIFICATION.${event}`))
    throw new Error(`The notification event "${event}" has no text NOTIFICATION.${event}`);
}

/**
 * The text of a notification: NOTIFICATION.<event>, or its variant for a `subject` parameter when
 * the catalogue has one (import.succeeded of a pricebook file: NOTIFICATION.import.succeeded.pricebook).
 */
export function notificationMessageKey(event: NotificationEvent, params?: MessageParams): EventMessageKey {
  const key = `NOTIFICATION.${event}`;
  const variant = typeof params?.subject === 'string' ? `${key}.${params.subject}` : undefined;
  return (variant && Object.hasOwn(EVENT_MESSAGES, variant) ? variant : key) as EventMessageKey;
}
