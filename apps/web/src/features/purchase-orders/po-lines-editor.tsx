import { CostLinesEditor, type CostLinesEditorProps, type CostLinesEditorTexts } from '../../components/forms/cost-lines-editor';

/** A purchase order's lines as the buyer types them: from the supplier's pricebook (prices copied) or free. */

const PO_LINE_TEXTS: CostLinesEditorTexts = {
  lineNumber: 'purchaseOrders.lines.lineNumber',
  none: 'purchaseOrders.lines.none',
  addFromPricebook: 'purchaseOrders.lines.addFromPricebook',
  addFree: 'purchaseOrders.lines.addFree',
  freeLine: 'purchaseOrders.lines.freeLine',
  name: 'purchaseOrders.lines.name',
  kind: 'purchaseOrders.lines.kind',
  chooseKind: 'purchaseOrders.lines.chooseKind',
  unit: 'purchaseOrders.lines.unit',
  unitPlaceholder: 'purchaseOrders.lines.unitPlaceholder',
  price: 'purchaseOrders.lines.price',
  quantity: 'purchaseOrders.lines.quantity',
  pricePerUnit: 'purchaseOrders.lines.pricePerUnit',
  lineTotal: 'purchaseOrders.lines.lineTotal',
  remove: 'purchaseOrders.lines.remove',
  total: 'purchaseOrders.lines.total',
  totalIncomplete: 'purchaseOrders.lines.totalIncomplete',
  count: 'purchaseOrders.lines.count',
  kinds: 'purchaseOrders.kind',
  picker: {
    title: 'purchaseOrders.picker.title',
    search: 'purchaseOrders.picker.search',
    empty: 'purchaseOrders.picker.empty',
    noMatch: 'purchaseOrders.picker.noMatch',
    add: 'purchaseOrders.picker.add',
    added: 'purchaseOrders.picker.added',
    perUnit: 'purchaseOrders.picker.perUnit',
    more: 'purchaseOrders.picker.more',
    done: 'purchaseOrders.picker.done',
    unavailable: 'purchaseOrders.picker.unavailable',
  },
};

export function PoLinesEditor(props: Omit<CostLinesEditorProps, 'texts'>) {
  return <CostLinesEditor texts={PO_LINE_TEXTS} {...props} />;
}
