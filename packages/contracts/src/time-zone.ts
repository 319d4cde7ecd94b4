// Time zones, free of the schema library: the web's first scripts format times with these.

/**
 * Where AMP's organisations are unless they say otherwise: Nigeria, West Africa Time (UTC+1, no
 * daylight saving). Every time a reader sees is shown in one zone: their own choice, else their
 * organisation's, else this one (docs/product.md "Times and time zones").
 */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

/** Whether the runtime knows the IANA zone ("Africa/Lagos", "Europe/London"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone a reader sees times in: their own choice, else their organisation's, else Nigeria's. */
export function readerTimeZone(user: { settings?: { timeZone?: string | null }; organisation?: { timeZone?: string } } | null | undefined) {
  return user?.settings?.timeZone ?? user?.organisation?.timeZone ?? DEFAULT_TIME_ZONE;
}
