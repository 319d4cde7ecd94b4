import { describe, expect, it } from 'vitest';
import { deviceZone } from '../../lib/reader-time-zone';
import { formatDateTime } from './format';

// One report, 20:40 UTC: 9:40 PM in Lagos, whatever the zone of the device showing it.
const REPORTED = '2026-11-30T20:40:00.000Z';

describe('formatDateTime (docs/product.md "Times and time zones")', () => {
  it("shows a moment in the reader's zone, not the device's", () => {
    expect(formatDateTime(REPORTED, 'Africa/Lagos')).toMatch(/Nov 30, 2026, 9:40\sPM/);
    expect(formatDateTime(REPORTED, 'Asia/Tokyo')).toMatch(/Dec 1, 2026, 5:40\sAM/);
  });

  it('names the zone where the device is elsewhere, and only there', () => {
    const elsewhere = deviceZone() === 'Asia/Tokyo' ? 'Africa/Lagos' : 'Asia/Tokyo';
    expect(formatDateTime(REPORTED, elsewhere)).toMatch(/GMT\+\d|WAT|JST/);
    expect(formatDateTime(REPORTED, deviceZone())).not.toMatch(/GMT|UTC|WAT|JST/);
  });
});
