import { type CostLineErrors, costLineBody } from '../../components/forms/cost-lines';
import {
  type CostLineDraft,
  CostLinesEditor,
  type CostLinesEditorProps,
  costLineDraftOf,
  ORDER_LINE_TEXTS,
} from '../../components/forms/cost-lines-editor';
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

type LinesEditorProps = Omit<CostLinesEditorProps, 'texts'>;

/** The lines, the buttons that add them (from the provider's pricebook or free) and the live total. */
export function LinesEditor(props: LinesEditorProps) {
  return <CostLinesEditor texts={ORDER_LINE_TEXTS.workOrders} {...props} />;
}
