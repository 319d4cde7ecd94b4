import { DEFAULT_TIME_ZONE, isTimeZone } from '@amp/contracts/time-zone';

// The zone every time on the signed-in pages is shown in (docs/product.md "Times and time zones"):
// the reader's choice, else their organisation's, else Nigeria's. Kept beside the language, set as
// soon as the current user loads, and remembered on the device so a reload offline shows the same.

const STORAGE_KEY = 'amp.timeZone';

function remembered(): string | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value && isTimeZone(value) ? value : null;
  } catch {
    return null;
  }
}

let zone = remembered() ?? DEFAULT_TIME_ZONE;

export function readerZone(): string {
  return zone;
}

export function setReaderZone(next: string) {
  if (next === zone || !isTimeZone(next)) return;
  zone = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // A browser without storage keeps the zone for this visit only.
  }
}

/** The device's own zone: where it differs from the one shown, a time names its zone. */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Intl options for a moment shown in `timeZone`, with the zone's name ("WAT", "GMT+1") where the
 * reader's device is elsewhere and the bare time could be read as local.
 */
export function zoneOptions(timeZone: string = zone): Pick<Intl.DateTimeFormatOptions, 'timeZone' | 'timeZoneName'> {
  return timeZone === deviceZone() ? { timeZone } : { timeZone, timeZoneName: 'short' };
}
