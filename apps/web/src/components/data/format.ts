import { i18n } from '../../lib/i18n';

/**
 * Dates in the reader's language through Intl, so a translation needs no date patterns.
 * A missing or unreadable date shows as a dash rather than "Invalid Date".
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A count in the reader's language (1,001 / 1.001 / 1 001). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(i18n.language).format(value);
}
