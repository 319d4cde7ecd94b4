import { type KeysOfEach, mergeOnce } from './event-family.js';
import { EVENT_TEXT_FAMILIES } from './events.js';
import type { MessageParams } from './messages.js';

/** Every activity and notification text key (ACTIVITY.<action>, NOTIFICATION.<event>, the mails'). */
export type EventMessageKey = KeysOfEach<(typeof EVENT_TEXT_FAMILIES)[number]['en']>;

/**
 * The English texts of activities and notifications, gathered from each module's `*.events.ts`:
 * rendered by the API for each reader (event-texts.ts the other languages). Kept apart from the
 * catalogue of messages.ts, which the web ships in its first script: the web shows these texts as
 * the API rendered them and never needs them itself.
 */
export const EVENT_MESSAGES = mergeOnce(
  EVENT_TEXT_FAMILIES.map((family) => family.en),
  'The event text',
) as Readonly<Record<EventMessageKey, string>>;

/** An event text in English with its parameters. */
export function formatEventMessage(key: EventMessageKey, params: MessageParams = {}): string {
  return fillEventText(EVENT_MESSAGES[key], params, 'en');
}

/** A naira amount as the API writes it ("1250000.50"): a money parameter, stored exact. */
const AMOUNT = /^-?\d+(\.\d+)?$/;

/**
 * An event text's {placeholders} filled in, for a reader of `locale`: `total`, a naira amount, is
 * grouped as that reader writes numbers ("1,250,000.50", "1.250.000,50"), from its exact text.
 */
export function fillEventText(text: string, params: MessageParams, locale: string): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return `{${name}}`;
    if (name === 'total' && typeof value === 'string' && AMOUNT.test(value)) {
      // Intl reads a numeric string exactly (no float rounding of large amounts).
      return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as unknown as number);
    }
    return String(value);
  });
}
