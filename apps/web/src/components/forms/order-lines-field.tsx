import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { ApprovalPreview, type ApprovalPreviewState } from './approval-preview';
import type { CostLineErrors } from './cost-lines';
import { type CostLineDraft, CostLinesEditor, ORDER_LINE_TEXTS, type OrderLineTexts } from './cost-lines-editor';
import { listErrorOf } from './list-error';

interface OrderLinesFieldProps<T extends FieldValues> {
  /** The form's control; its `lines` are the cost lines. */
  control: Control<T>;
  texts: OrderLineTexts;
  /** The approval levels the total needs, shown under it once there is a line. */
  preview: ApprovalPreviewState;
  /** A line cannot be priced yet, so the total may still grow. */
  incomplete: boolean;
  pricebook: { organisationId: string; name: string } | null;
  noPricebookHint: string;
  hint: string;
}

/** An order's `lines` field: the cost lines editor with the messages of each line and of the list, and the approval preview under the total. */
export function OrderLinesField<T extends FieldValues>({
  control,
  texts,
  preview,
  incomplete,
  pricebook,
  noPricebookHint,
  hint,
}: OrderLinesFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={'lines' as Path<T>}
      render={({ field, fieldState }) => {
        const lines = field.value as CostLineDraft[];
        return (
          <CostLinesEditor
            texts={ORDER_LINE_TEXTS[texts]}
            lines={lines}
            onChange={(next) => field.onChange(next)}
            errors={fieldState.error as unknown as (CostLineErrors | undefined)[] | undefined}
            listError={listErrorOf(fieldState.error)}
            pricebook={pricebook}
            noPricebookHint={noPricebookHint}
            hint={hint}
            footer={lines.length > 0 ? <ApprovalPreview preview={preview} incomplete={incomplete} texts={texts} /> : null}
          />
        );
      }}
    />
  );
}
