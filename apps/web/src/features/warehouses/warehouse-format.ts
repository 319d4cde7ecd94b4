import { formatNumber } from '../../components/data/format';
import { quantityWithUnit } from '../../components/data/quantity';
import type { TFunction } from '../../lib/i18n';

/** A quantity with the item's unit ("12 boxes"), or counted in units when it has none ("12 units"). */
export function quantityText(t: TFunction, quantity: number, unit: string | null): string {
  return unit
    ? quantityWithUnit(t, quantity, unit)
    : t('warehouses.quantityInUnits', { count: quantity, quantity: formatNumber(quantity) });
}

/** A movement's signed quantity: "+5" in, "−3" out (a true minus sign). */
export function signedQuantity(quantity: number): string {
  return quantity > 0 ? `+${formatNumber(quantity)}` : `−${formatNumber(Math.abs(quantity))}`;
}
