import { describe, expect, it } from 'vitest';
import { axisNote, monthLabel, smoothPath, yAxisTop } from './dashboard-chart';

describe('yAxisTop (docs/product.md#dashboard: 0 to 80)', () => {
  it('shows 0 to 80 for small or empty data', () => {
    expect(yAxisTop([])).toBe(80);
    expect(yAxisTop([0, 0], [3, 80])).toBe(80);
  });

  it('grows above the largest value of any series, to a round number', () => {
    expect(yAxisTop([10, 81], [5])).toBe(100);
    expect(yAxisTop([1], [240])).toBe(240);
    expect(yAxisTop([1_234])).toBe(1_600);
    expect(yAxisTop([3_700_000])).toBe(4_000_000);
    expect(yAxisTop([950])).toBe(1_000);
  });
});

describe('axisNote (small numbers on the 0-80 axis)', () => {
  it('says when the months hold nothing at all', () => {
    expect(axisNote([0, 0], [0])).toEqual({ kind: 'none' });
    expect(axisNote([])).toEqual({ kind: 'none' });
  });

  it('names the busiest month when every value stays under the first gridline (20 of 80)', () => {
    expect(axisNote([0, 3, 1], [2])).toEqual({ kind: 'small', largest: 3, top: 80 });
    expect(axisNote([19])).toEqual({ kind: 'small', largest: 19, top: 80 });
  });

  it('says nothing once the lines rise visibly or the axis grows', () => {
    expect(axisNote([20])).toBeNull();
    expect(axisNote([5, 300])).toBeNull();
  });
});

describe('monthLabel', () => {
  it("writes the API's month in the reader's language", () => {
    expect(monthLabel('Feb 2026', 'en')).toBe('Feb 26');
    expect(monthLabel('Dec 2025', 'de')).toBe('Dez. 25');
  });

  it('leaves anything else as it is', () => {
    expect(monthLabel('Q1', 'en')).toBe('Q1');
  });
});

describe('smoothPath', () => {
  /** The y of every point the path's curves pass through or pull towards. */
  const ysOf = (path: string) => [...path.matchAll(/-?[\d.]+,(-?[\d.]+)/g)].map((match) => Number(match[1]));

  it('draws nothing, a point, or a curve through every point', () => {
    expect(smoothPath([])).toBe('');
    expect(smoothPath([[5, 7]])).toBe('M5,7');
    const path = smoothPath([
      [0, 100],
      [10, 50],
      [20, 80],
    ]);
    expect(path.startsWith('M0,100 C')).toBe(true);
    expect(path.endsWith(' 20,80')).toBe(true);
    expect(path).toContain(' 10,50 C');
  });

  it('never overshoots: a flat run stays flat and control points stay between their neighbours', () => {
    // SVG y grows downwards: 200 is the zero line of an area of counts.
    const ys = ysOf(
      smoothPath([
        [0, 200],
        [10, 200],
        [20, 20],
        [30, 200],
        [40, 200],
      ]),
    );
    expect(ys.length).toBe(13);
    for (const y of ys) {
      expect(y).toBeGreaterThanOrEqual(20);
      expect(y).toBeLessThanOrEqual(200);
    }
    const flat = ysOf(
      smoothPath([
        [0, 200],
        [10, 200],
        [20, 200],
      ]),
    );
    expect(flat.every((y) => y === 200)).toBe(true);
  });
});
