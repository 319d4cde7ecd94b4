// The notification time format, free of the schema library (the signed-in shell's first scripts show it).

/** docs/product.md#limits-and-constants: DD-MM-YY, h:mm:ss a (e.g. 23-11-26, 7:05:09 am). */
export function formatNotificationTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}, ${Number(part('hour'))}:${part('minute')}:${part('second')} ${part('dayPeriod').toLowerCase()}`;
}
