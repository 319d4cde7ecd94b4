/** A dashboard chart's y-axis runs from 0 to at least 80 (docs/product.md, "The chart on small numbers"). */
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
/**
 * What a chart says under its title so that small numbers on the 0-80 axis do not read as an empty
 * chart: nothing at all in the months shown, or that the axis keeps its least range and how high
 * the busiest month went (when it stays under the axis' first gridline, a quarter of the way up).
 * Null when the lines speak for themselves.
 */
export type AxisNote = { kind: 'none' } | { kind: 'small'; largest: number; top: number } | null;

export function axisNote(...series: readonly (readonly number[])[]): AxisNote {
  const largest = Math.max(0, ...series.flat());
  if (largest === 0) return { kind: 'none' };
  const top = yAxisTop(...series);
  return top === Y_AXIS_MIN_TOP && largest < top / 4 ? { kind: 'small', largest, top } : null;
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

/**
 * An SVG path through the points (x increasing) as a monotone cubic curve (Fritsch–Carlson): smooth,
 * and never above or below its neighbours between two points, so an area of counts never dips under 0.
 */
export function smoothPath(points: readonly (readonly [number, number])[]): string {
  const n = points.length;
  if (n === 0) return '';
  const at = (i: number) => `${points[i]![0]},${points[i]![1]}`;
  if (n === 1) return `M${at(0)}`;
  const slopes = points.slice(1).map(([x, y], i) => (y - points[i]![1]) / (x - points[i]![0] || 1));
  const tangents = points.map((_, i) => {
    if (i === 0) return slopes[0]!;
    if (i === n - 1) return slopes[n - 2]!;
    const [before, after] = [slopes[i - 1]!, slopes[i]!];
    return before * after > 0 ? (before + after) / 2 : 0;
  });
  slopes.forEach((slope, i) => {
    if (slope === 0) {
      tangents[i] = 0;
      tangents[i + 1] = 0;
      return;
    }
    const a = tangents[i]! / slope;
    const b = tangents[i + 1]! / slope;
    const length = a * a + b * b;
    if (length > 9) {
      const scale = 3 / Math.sqrt(length);
      tangents[i] = scale * a * slope;
      tangents[i + 1] = scale * b * slope;
    }
  });
  let path = `M${at(0)}`;
  for (let i = 0; i < n - 1; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[i + 1]!;
    const third = (x1 - x0) / 3;
    path += ` C${x0 + third},${y0 + tangents[i]! * third} ${x1 - third},${y1 - tangents[i + 1]! * third} ${x1},${y1}`;
  }
  return path;
}
