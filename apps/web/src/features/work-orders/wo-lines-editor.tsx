import type { PricebookKind } from '@amp/contracts/pricebook';
import { type CostLineErrors, costLineBody } from '../../components/forms/cost-lines';
import {
  type CostLineDraft,
  CostLinesEditor,
  type CostLinesEditorProps,
  type CostLinesEditorTexts,
  costLineDraftOf,
} from '../../components/forms/cost-lines-editor';
import { PricebookKindBadge } from '../../components/forms/pricebook-kind-badge';
import type { WoLine, WoLineBody } from './work-orders-api';

/**
 * The cost lines of a work order as they are typed (components/forms/cost-lines-editor.tsx in the
 * work order's words): the owner's planned lines on the form, the provider's used lines on the
 * completion.
 */

export type LineDraft = CostLineDraft;

export type LineErrors = CostLineErrors;

/** A line of a work order as it is stored, back into the form (an edit, a completion that starts from the plan). */
export function draftOf(line: WoLine): LineDraft {
  return costLineDraftOf(line);
}

export const lineBody: (line: LineDraft) => WoLineBody = costLineBody;

export function KindBadge({ kind }: { kind: PricebookKind }) {
  return <PricebookKindBadge kind={kind} kinds="workOrders.kind" />;
}

const WO_LINE_TEXTS: CostLinesEditorTexts = {
  lineNumber: 'workOrders.lines.lineNumber',
  none: 'workOrders.lines.none',
  addFromPricebook: 'workOrders.lines.addFromPricebook',
  addFree: 'workOrders.lines.addFree',
  freeLine: 'workOrders.lines.freeLine',
  name: 'workOrders.lines.name',
  kind: 'workOrders.lines.kind',
  chooseKind: 'workOrders.lines.chooseKind',
  unit: 'workOrders.lines.unit',
  unitPlaceholder: 'workOrders.lines.unitPlaceholder',
  price: 'workOrders.lines.price',
  quantity: 'workOrders.lines.quantity',
  pricePerUnit: 'workOrders.lines.pricePerUnit',
  lineTotal: 'workOrders.lines.lineTotal',
  remove: 'workOrders.lines.remove',
  total: 'workOrders.lines.total',
  totalIncomplete: 'workOrders.lines.totalIncomplete',
  count: 'workOrders.lines.count',
  kinds: 'workOrders.kind',
  picker: {
    title: 'workOrders.picker.title',
    search: 'workOrders.picker.search',
    empty: 'workOrders.picker.empty',
    noMatch: 'workOrders.picker.noMatch',
    add: 'workOrders.picker.add',
    added: 'workOrders.picker.added',
    perUnit: 'workOrders.picker.perUnit',
    more: 'workOrders.picker.more',
    done: 'workOrders.picker.done',
    unavailable: 'workOrders.picker.unavailable',
  },
};

type LinesEditorProps = Omit<CostLinesEditorProps, 'texts'>;

/** The lines, the buttons that add them (from the provider's pricebook or free) and the live total. */
export function LinesEditor(props: LinesEditorProps) {
  return <CostLinesEditor texts={WO_LINE_TEXTS} {...props} />;
}
