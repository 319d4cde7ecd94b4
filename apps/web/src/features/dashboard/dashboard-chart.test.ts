import { describe, expect, it } from 'vitest';
import { monthLabel, yAxisTop } from './dashboard-chart';

describe('yAxisTop (SPEC.md 9: 0 to 80)', () => {
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

describe('monthLabel', () => {
  it("writes the API's month in the reader's language", () => {
    expect(monthLabel('Feb 2026', 'en')).toBe('Feb 26');
    expect(monthLabel('Dec 2025', 'de')).toBe('Dez. 25');
  });

  it('leaves anything else as it is', () => {
    expect(monthLabel('Q1', 'en')).toBe('Q1');
  });
});
