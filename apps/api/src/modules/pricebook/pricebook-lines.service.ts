import type { MessageKey } from '@amp/contracts/messages';
import { nairaToKobo } from '@amp/contracts/money';
import type { ObservationLineInput } from '@amp/contracts/service-request';
import type { Db } from '../../db/client.js';
import { invalidField } from '../../lib/errors.js';
import { offeredItems } from './pricebook.repository.js';

/** A cost line as stored: a pricebook item's name, kind, unit and price copied now, or a free line as typed. */
export interface PricedLine {
  pricebookItemId: string | null;
  name: string;
  kind: string | null;
  unit: string | null;
  quantity: number;
  unitPriceKobo: number;
  /** A pricebook item's brand and model (a purchase order's receipt files the goods under them). */
  brand?: string | null;
  model?: string | null;
}

/**
 * Prices cost lines (an observation's, a work order's) from an organisation's pricebook: an item it
 * no longer offers is refused on its line with `notOffered`; a free line keeps its own price. The
 * total must stay an exact integer of kobo.
 */
export async function priceLines(
  db: Db,
  organisationId: string,
  lines: readonly (ObservationLineInput & { brand?: string; model?: string })[],
  notOffered: MessageKey,
  path = 'lines',
): Promise<PricedLine[]> {
  const itemIds = [...new Set(lines.flatMap((line) => (line.pricebookItem ? [line.pricebookItem] : [])))];
  const items = new Map((await offeredItems(db, organisationId, itemIds)).map((item) => [item.id, item]));
  const priced = lines.map((line, index): PricedLine => {
    if (line.pricebookItem) {
      const item = items.get(line.pricebookItem);
      if (!item) throw invalidField(`${path}.${index}.pricebookItem`, notOffered);
      return {
        pricebookItemId: item.id,
        name: item.name,
        kind: item.kind,
        unit: item.unit,
        quantity: line.quantity,
        unitPriceKobo: item.priceKobo,
        brand: item.brand,
        model: item.model,
      };
    }
    const kobo = line.price === undefined ? undefined : nairaToKobo(line.price);
    if (kobo === undefined) throw invalidField(`${path}.${index}.price`, 'VALIDATION.NOT_VALID', { field: 'Price' });
    return {
      pricebookItemId: null,
      name: line.name!,
      kind: line.kind ?? null,
      unit: line.unit || null,
      quantity: line.quantity,
      unitPriceKobo: kobo,
      // A purchase order's free line restocking an inventory item names its brand and model.
      brand: line.brand || null,
      model: line.model || null,
    };
  });
  const total = totalOf(priced);
  if (!Number.isSafeInteger(total)) throw invalidField(path, 'VALIDATION.NOT_VALID', { field: 'Lines' });
  return priced;
}

/** What priced lines cost, in kobo. */
export const totalOf = (lines: readonly PricedLine[]) => lines.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);

/** Whether two lists of priced lines are the same, line by line (a change of a document's lines restarts its approvals). */
export function sameLines(a: readonly PricedLine[], b: readonly PricedLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, index) => {
      const other = b[index]!;
      return (
        line.pricebookItemId === other.pricebookItemId &&
        line.name === other.name &&
        line.quantity === other.quantity &&
        line.unitPriceKobo === other.unitPriceKobo &&
        (line.kind ?? null) === (other.kind ?? null) &&
        (line.unit ?? null) === (other.unit ?? null)
      );
    })
  );
}
