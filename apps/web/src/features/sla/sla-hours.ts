import { i18n } from '../../lib/i18n';

/** Hours as the lists show them ("4 h"); from a day on, with the days beside them ("48 h (2 days)"). */
export function formatHours(hours: number): string {
  const short = i18n.t('sla.hoursShort', { count: hours });
  if (hours < 24) return short;
  const days = Math.round((hours / 24) * 10) / 10;
  return `${short} (${i18n.t('sla.days', { count: days })})`;
}
