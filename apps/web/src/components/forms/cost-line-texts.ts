/**
 * The catalogue keys of a cost line editor's texts: the observation form and the work order forms
 * word (and name) them differently, so each gives its own.
 */
export interface CostLineTexts {
  /** No line yet. */
  none: string;
  addFromPricebook: string;
  addFree: string;
  /** A free line's badge (and its name while it has none). */
  freeLine: string;
  name: string;
  kind: string;
  chooseKind: string;
  unit: string;
  unitPlaceholder: string;
  price: string;
  quantity: string;
  /** `{price}` per `{unit}`. */
  pricePerUnit: string;
  lineTotal: string;
  /** Remove `{name}`. */
  remove: string;
  total: string;
  totalIncomplete: string;
  /** `{count}` lines. */
  count: string;
  /** A kind's name: `${kinds}.spare_part`. */
  kinds: string;
  picker: PricebookPickerTexts;
}

export interface PricebookPickerTexts {
  /** The picker's title (`{name}`: the pricebook's organisation). */
  title: string;
  search: string;
  empty: string;
  noMatch: string;
  /** Add `{name}`. */
  add: string;
  /** × `{quantity}`. */
  added: string;
  /** per `{unit}`. */
  perUnit: string;
  /** `{shown}` of `{total}`. */
  more: string;
  done: string;
  /** Said on a 404 (the book is not open to the caller); without it a 404 is an error like any other. */
  unavailable?: string;
}
