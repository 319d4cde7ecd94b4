import { REPORT_NONE, REPORT_OTHER, type ReportColumnKind, type ReportLabelSet } from '@amp/contracts/report';
import { formatDate, formatDateTime, formatNaira } from '../../components/data/format';
import { i18n, type TFunction } from '../../lib/i18n';

/**
 * Where each label set's words live. Statuses and movement kinds are the ones their own features
 * show (read through i18next by key, not by importing the feature), so a report never names a
 * status differently from its list.
 */
const LABEL_PREFIX: Record<Exclude<ReportLabelSet, 'month'>, string> = {
  assetStatus: 'asset.status',
  srStatus: 'serviceRequests.status',
  woStatus: 'workOrders.status',
  poStatus: 'purchaseOrders.status',
  movementKind: 'warehouses.kind',
};

const MONTH = /^(\d{4})-(\d{2})$/;

/** "2026-11" as "Nov 2026" in the reader's language (UTC, so the month never slips for a reader west of it). */
export function formatMonth(value: string): string {
  const match = MONTH.exec(value);
  if (!match) return value;
  const date = Date.UTC(Number(match[1]), Number(match[2]) - 1, 1);
  return new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A status, a movement kind or a month in the reader's language; a code without a word stays as it is. */
export function labelOf(t: TFunction, set: ReportLabelSet | undefined, value: string): string {
  // A top-12 chart's remainder, and the records without a cluster, category or state.
  if (value === REPORT_OTHER) return t('reports.other');
  if (value === REPORT_NONE) return t('reports.none');
  if (!set) return value;
  if (set === 'month') return formatMonth(value);
  return t(`${LABEL_PREFIX[set]}.${value}`, { defaultValue: value });
}

/**
 * A supplier's warehouse report counts the purchase orders it received, by buyer (its sales), where a
 * buyer's counts what it spent, by supplier: the same figure and chart, named from the reader's side.
 */
const SUPPLIER_WORDS: Partial<Record<string, string>> = {
  'reports.figure.poSpend': 'reports.figure.poReceived',
  'reports.chart.poSpendBySupplier': 'reports.chart.poReceivedByBuyer',
};

/** The message key naming a report's figure or chart for this reader's kind of organisation. */
export function readerKey(key: string, organisationKind: string | undefined): string {
  return (organisationKind === 'supplier' && SUPPLIER_WORDS[key]) || key;
}

/** A chart series' name; the movements-by-kind chart has one series per movement kind, named as the warehouse pages name them. */
export function seriesLabel(t: TFunction, key: string): string {
  return t(`reports.series.${key}`, { defaultValue: t(`${LABEL_PREFIX.movementKind}.${key}`, { defaultValue: key }) });
}

/** Kobo as naira ("₦1,250,000.50"), built from the integer so no kobo is lost to float division. */
export function formatKobo(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const whole = Math.abs(Math.round(kobo));
  return formatNaira(`${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`);
}

/** Kobo as a short naira amount for a chart axis ("₦1.2M"). */
export function formatKoboShort(kobo: number): string {
  return new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: 'NGN',
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(kobo / 100);
}

/** A number of the given kind in the reader's language: hours with one decimal, percent 0-100, money in kobo. */
export function formatValue(t: TFunction, kind: ReportColumnKind, value: number): string {
  const lang = i18n.language;
  switch (kind) {
    case 'money':
      return formatKobo(value);
    case 'hours':
      return t('reports.hours', {
        value: new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value),
      });
    case 'percent':
      return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
    default:
      return new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);
  }
}

/** What a chart's axis shows: money shortened, the rest as numbers. */
export function formatAxis(kind: ReportColumnKind, value: number): string {
  if (kind === 'money') return formatKoboShort(value);
  if (kind === 'percent') return `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(value)}%`;
  return new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A table cell as text: a dash for no data, yes/no for a flag, dates in the reader's language. */
export function formatCell(t: TFunction, kind: ReportColumnKind, labels: ReportLabelSet | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return t(value ? 'reports.yes' : 'reports.no');
  if (typeof value === 'number') return formatValue(t, kind, value);
  const text = String(value);
  switch (kind) {
    case 'date':
      return formatDate(text);
    case 'datetime':
      return formatDateTime(text);
    case 'status':
      return labelOf(t, labels, text);
    default:
      return text;
  }
}
