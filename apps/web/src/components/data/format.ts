import { i18n } from '../../lib/i18n';
import { readerZone, zoneOptions } from '../../lib/reader-time-zone';

/** A calendar date without a time, as the API sends due dates. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Dates in the reader's language through Intl, so a translation needs no date patterns.
 * A missing or unreadable date shows as a dash rather than "Invalid Date".
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  // A calendar date ("2026-12-01", a due date) parses as UTC midnight: shown in UTC it stays that
  // day for a reader west of UTC too, where local time would show the day before.
  // A moment (a creation time) is dated in the reader's zone, as its time would be.
  const calendarDate = typeof value === 'string' && DATE_ONLY.test(value);
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: calendarDate ? 'UTC' : readerZone() }).format(date);
}

/**
 * A moment in the reader's zone (their choice, else their organisation's), the zone named where
 * the device is elsewhere: the same report reads the same time on every page and to every party.
 */
export function formatDateTime(value: string | Date | null | undefined, timeZone: string = readerZone()): string {
  if (!value) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  // dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are spelled out.
  return new Intl.DateTimeFormat(i18n.language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...zoneOptions(timeZone),
  }).format(date);
}

/** A count in the reader's language (1,001 / 1.001 / 1 001). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(i18n.language).format(value);
}

const AGE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
  ['month', 30 / 7],
  ['year', 12],
];

/** How long ago, in the reader's language ("3 hours ago", "vor 2 Tagen"): a list's age column. */
export function formatAge(value: string | Date | null | undefined, now = Date.now()): string {
  if (!value) return '–';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '–';
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  let amount = (time - now) / 60_000;
  if (Math.abs(amount) < 1) return format.format(0, 'minute');
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  for (let i = 1; i < AGE_STEPS.length; i++) {
    const [next, size] = AGE_STEPS[i] as [Intl.RelativeTimeFormatUnit, number];
    if (Math.abs(amount) < size) break;
    amount /= size;
    unit = next;
  }
  return format.format(Math.round(amount), unit);
}

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A naira amount as the API sends it ("1250000.50") to "₦1,250,000.50". The decimal string is
 * formatted as text (Intl reads numeric strings exactly), so no kobo is lost to float rounding.
 */
export function formatNaira(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '–';
  return naira.format(amount as Intl.StringNumericLiteral);
}
