import { nairaToKobo } from '@amp/contracts/money';
import type { PricebookItem, PricebookKind } from '@amp/contracts/pricebook';
import { OBSERVATION_MAX_QUANTITY, type ObservationLine } from '@amp/contracts/service-request';
import { formatNaira } from '../data/format';

/**
 * The cost lines of an observation or a work order as they are typed. A line is an item of a
 * pricebook (its price is the book's when it is sent) or a free line with its own name and price in
 * naira.
 */
export interface CostLineValues {
  pricebookItem: string | null;
  /** What a pricebook line shows of its item. */
  item: { name: string; kind: PricebookKind | null; unit: string | null; priceKobo: number } | null;
  name: string;
  kind: PricebookKind | '';
  unit: string;
  price: string;
  quantity: number | string;
}

/** One line as the API takes it. */
export type CostLineBody =
  | { pricebookItem: string; quantity: number | string }
  | { name: string; kind?: PricebookKind; unit?: string; price: string; quantity: number | string };

/** The messages of one line, by field, as react-hook-form or the API's paths give them. */
export type CostLineErrors = Partial<Record<'pricebookItem' | 'name' | 'kind' | 'unit' | 'price' | 'quantity', { message?: string }>>;

export function freeCostLine(): CostLineValues {
  return { pricebookItem: null, item: null, name: '', kind: '', unit: '', price: '', quantity: 1 };
}

export function costLineOfItem(item: PricebookItem): CostLineValues {
  return {
    pricebookItem: item._id,
    item: { name: item.name, kind: item.kind, unit: item.unit, priceKobo: item.priceKobo },
    name: '',
    kind: '',
    unit: '',
    price: '',
    quantity: 1,
  };
}

/** A line as it is stored (an observation's, a work order's). */
type StoredCostLine = Pick<ObservationLine, 'pricebookItem' | 'name' | 'kind' | 'unit' | 'unitPriceKobo' | 'unitPrice' | 'quantity'>;

/** A stored line back into a form (an edit, a correction, a completion that starts from the plan). */
export function costLineOf(line: StoredCostLine): CostLineValues {
  return line.pricebookItem
    ? {
        pricebookItem: line.pricebookItem,
        item: { name: line.name, kind: line.kind, unit: line.unit, priceKobo: line.unitPriceKobo },
        name: '',
        kind: '',
        unit: '',
        price: '',
        quantity: line.quantity,
      }
    : {
        pricebookItem: null,
        item: null,
        name: line.name,
        kind: line.kind ?? '',
        unit: line.unit ?? '',
        price: line.unitPrice,
        quantity: line.quantity,
      };
}

/** What the API takes for a line: a number left empty stays empty, so the contract says it is required. */
export function costLineBody(line: CostLineValues): CostLineBody {
  if (line.pricebookItem) return { pricebookItem: line.pricebookItem, quantity: line.quantity };
  return {
    name: line.name.trim(),
    kind: line.kind || undefined,
    unit: line.unit.trim() || undefined,
    price: line.price.trim(),
    quantity: line.quantity,
  };
}

/** The quantity of a line taken from the pricebook once more. */
export const oneMore = (quantity: number | string) => Math.min((Number(quantity) || 0) + 1, OBSERVATION_MAX_QUANTITY);

/** A line's total in kobo, exactly (BigInt: a price times a quantity may pass 2^53); null while it cannot be priced. */
export function costLineKobo(line: Pick<CostLineValues, 'item' | 'price' | 'quantity'>): bigint | null {
  const quantity = Number(line.quantity);
  if (line.quantity === '' || !Number.isInteger(quantity) || quantity < 1 || quantity > OBSERVATION_MAX_QUANTITY) return null;
  const unit = line.item ? line.item.priceKobo : line.price.trim() ? nairaToKobo(line.price) : undefined;
  if (unit === undefined) return null;
  return BigInt(unit) * BigInt(quantity);
}

/** The lines' total in kobo; `incomplete` while a line cannot be priced (it counts as nothing). */
export function costLinesTotal(lines: readonly Pick<CostLineValues, 'item' | 'price' | 'quantity'>[]): {
  total: bigint;
  incomplete: boolean;
} {
  const totals = lines.map(costLineKobo);
  return { total: totals.reduce<bigint>((sum, value) => sum + (value ?? 0n), 0n), incomplete: totals.some((value) => value === null) };
}

/** Kobo as naira in the NGN format ("₦1,250,000.50"), without floats. */
export function formatKobo(kobo: bigint | number): string {
  const value = BigInt(kobo);
  return formatNaira(`${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`);
}
