import type { PricebookKind } from '@amp/contracts/pricebook';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FreeLineCard, PricebookLineCard } from '../../components/forms/cost-line-cards';
import type { CostLineTexts } from '../../components/forms/cost-line-texts';
import {
  type CostLineErrors,
  type CostLineValues,
  costLineBody,
  costLineKobo,
  costLineOf,
  costLineOfItem,
  freeCostLine,
  oneMore,
} from '../../components/forms/cost-lines';
import { CostLinesPanel } from '../../components/forms/cost-lines-panel';
import { PricebookKindBadge } from '../../components/forms/pricebook-kind-badge';
import { useTranslation } from '../../lib/i18n';
import type { PricebookItem, WoLine, WoLineBody } from './work-orders-api';

/**
 * The cost lines of a work order as they are typed: the owner's planned lines on the form, the
 * provider's used lines on the completion. The lines are one value (`lines`, `onChange`), so a dialog
 * without react-hook-form keeps them as well as the form does.
 */

export interface LineDraft extends CostLineValues {
  /** Keeps a line's inputs when the lines before it are removed. */
  key: string;
}

export type LineErrors = CostLineErrors;

let nextKey = 0;
const newKey = () => `line-${++nextKey}`;

/** A line of a work order as it is stored, back into the form (an edit, a completion that starts from the plan). */
export function draftOf(line: WoLine): LineDraft {
  return { key: newKey(), ...costLineOf(line) };
}

export const lineBody: (line: LineDraft) => WoLineBody = costLineBody;

export function KindBadge({ kind }: { kind: PricebookKind }) {
  return <PricebookKindBadge kind={kind} kinds="workOrders.kind" />;
}

const WO_LINE_TEXTS: CostLineTexts = {
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

interface LinesEditorProps {
  lines: LineDraft[];
  onChange(lines: LineDraft[]): void;
  errors?: readonly (LineErrors | undefined)[];
  /** The list's own message (too many lines). */
  listError?: string;
  /** The provider's pricebook the lines are taken from; without one only free lines can be added. */
  pricebook: { organisationId: string; name: string } | null;
  /** Why there is no pricebook to pick from (no provider chosen yet). */
  noPricebookHint?: string;
  /** Under the total: e.g. the approval levels it needs. */
  footer?: ReactNode;
  /** The words above the lines. */
  hint?: string;
}

/** The lines, the buttons that add them (from the pricebook or free) and the live total. */
export function LinesEditor({ lines, onChange, errors, listError, pricebook, noPricebookHint, footer, hint }: LinesEditorProps) {
  const update = (index: number, change: Partial<LineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));
  const addItem = (item: PricebookItem) => {
    const index = lines.findIndex((line) => line.pricebookItem === item._id);
    if (index >= 0) return update(index, { quantity: oneMore(lines[index]?.quantity ?? 0) });
    onChange([...lines, { key: newKey(), ...costLineOfItem(item) }]);
  };

  return (
    <Stack gap="sm">
      <CostLinesPanel
        lines={lines}
        texts={WO_LINE_TEXTS}
        hint={
          hint ? (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          ) : null
        }
        listError={listError}
        pricebook={pricebook}
        noPricebookHint={noPricebookHint}
        onPick={addItem}
        onAddFree={() => onChange([...lines, { key: newKey(), ...freeCostLine() }])}
        footer={footer}
      >
        {lines.map((line, index) => (
          <LineCard
            key={line.key}
            line={line}
            index={index}
            errors={errors?.[index]}
            onChange={(change) => update(index, change)}
            onRemove={() => onChange(lines.filter((_, i) => i !== index))}
          />
        ))}
      </CostLinesPanel>
    </Stack>
  );
}

interface LineCardProps {
  line: LineDraft;
  index: number;
  errors: LineErrors | undefined;
  onChange(change: Partial<LineDraft>): void;
  onRemove(): void;
}

/** One line, its inputs kept in the lines' value. */
function LineCard({ line, index, errors, onChange, onRemove }: LineCardProps) {
  const { t } = useTranslation();
  const card = {
    texts: WO_LINE_TEXTS,
    total: costLineKobo(line),
    name: line.item?.name || line.name || t('workOrders.lines.lineNumber', { number: index + 1 }),
    onRemove,
    quantity: {
      thousandSeparator: ',',
      value: line.quantity,
      onChange: (value: number | string) => onChange({ quantity: value }),
      error: errors?.quantity?.message,
    },
  };
  if (line.item) return <PricebookLineCard {...card} item={line.item} itemError={errors?.pricebookItem?.message} />;
  return (
    <FreeLineCard
      {...card}
      inputs={{
        name: { value: line.name, onChange: (event) => onChange({ name: event.currentTarget.value }), error: errors?.name?.message },
        kind: {
          value: line.kind || null,
          onChange: (value) => onChange({ kind: (value as PricebookKind | null) ?? '' }),
          error: errors?.kind?.message,
        },
        unit: { value: line.unit, onChange: (event) => onChange({ unit: event.currentTarget.value }), error: errors?.unit?.message },
        price: { value: line.price, onChange: (event) => onChange({ price: event.currentTarget.value }), error: errors?.price?.message },
      }}
    />
  );
}
