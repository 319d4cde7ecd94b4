/** SPEC.md section 9: a dashboard chart's y-axis runs from 0 to at least 80. */
export const Y_AXIS_MIN_TOP = 80;

/** Tops whose quarters are round numbers (times a power of ten): the axis' five ticks read well. */
const NICE_TOPS = [1, 1.2, 1.6, 2, 2.4, 4, 6, 8, 10];

/**
 * The top of a dashboard chart's y-axis (it always starts at 0): 80, or the first round number
 * (NICE_TOPS) at or above the largest value of any series, so larger data grows the axis.
 */
export function yAxisTop(...series: readonly (readonly number[])[]): number {
  const largest = Math.max(0, ...series.flat());
  if (largest <= Y_AXIS_MIN_TOP) return Y_AXIS_MIN_TOP;
  const power = 10 ** Math.floor(Math.log10(largest));
  const nice = NICE_TOPS.find((top) => top * power >= largest) ?? 10;
  return Math.round(nice * power);
}
const MONTH_LABEL = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A month of the API's categories ("Feb 2026") in the reader's language; anything else as it is. */
export function monthLabel(category: string, language: string): string {
  const match = MONTH_LABEL.exec(category);
  if (!match) return category;
  const date = new Date(Date.UTC(Number(match[2]), MONTHS.indexOf(match[1]!), 1));
  return new Intl.DateTimeFormat(language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(date);
}
