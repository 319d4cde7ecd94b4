import type { TFunction } from '../../lib/i18n';
import { formatNumber } from './format';

/**
 * The units people type most, by every spelling we accept: a unit is free text ("piece", "Hours"),
 * so only a unit we know can take the reader's language and plural form; any other shows as typed.
 */
const KNOWN_UNITS: Record<string, readonly string[]> = {
  piece: ['piece', 'pieces', 'pc', 'pcs'],
  hour: ['hour', 'hours', 'hr', 'hrs', 'h'],
  day: ['day', 'days'],
  visit: ['visit', 'visits'],
  litre: ['litre', 'litres', 'liter', 'liters', 'l'],
  metre: ['metre', 'metres', 'meter', 'meters', 'm'],
  box: ['box', 'boxes'],
  set: ['set', 'sets'],
  kit: ['kit', 'kits'],
};

const UNIT_BY_SPELLING = new Map(Object.entries(KNOWN_UNITS).flatMap(([key, spellings]) => spellings.map((one) => [one, key] as const)));

/** The text key of a unit the app translates, or undefined for one it shows as typed. */
export function knownUnit(unit: string): string | undefined {
  return UNIT_BY_SPELLING.get(unit.trim().toLowerCase());
}

/**
 * A quantity with its unit as the reader says it: "1 piece", "2 pieces", "8 Stunden"; a unit the
 * app does not know as typed ("3 drums"); no unit, the number alone.
 */
export function quantityWithUnit(t: TFunction, quantity: number, unit: string | null | undefined): string {
  const formatted = formatNumber(quantity);
  const trimmed = unit?.trim();
  if (!trimmed) return formatted;
  const key = knownUnit(trimmed);
  if (key) return t(`units.${key}`, { count: quantity, quantity: formatted });
  return t('units.asTyped', { quantity: formatted, unit: trimmed });
}
