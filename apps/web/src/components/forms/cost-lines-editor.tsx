import type { PricebookItem, PricebookKind } from '@amp/contracts/pricebook';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { FreeLineCard, PricebookLineCard } from './cost-line-cards';
import type { CostLineTexts } from './cost-line-texts';
import { type CostLineErrors, type CostLineValues, costLineKobo, costLineOf, costLineOfItem, freeCostLine, oneMore } from './cost-lines';
import { CostLinesPanel } from './cost-lines-panel';

/**
 * Cost lines as they are typed, from a pricebook (its price copied when sent) or free. The lines are
 * one value (`lines`, `onChange`), so a dialog without react-hook-form keeps them as well as a form
 * does. The work order's planned and used lines and a purchase order's lines are edited with it.
 */

export interface CostLineDraft extends CostLineValues {
  /** Keeps a line's inputs when the lines before it are removed. */
  key: string;
}

let nextKey = 0;
const newKey = () => `line-${++nextKey}`;

/** A stored line back into the editor (an edit, a completion that starts from the plan). */
export function costLineDraftOf(line: Parameters<typeof costLineOf>[0]): CostLineDraft {
  return { key: newKey(), ...costLineOf(line) };
}

/** A free line named and priced beforehand (e.g. after an inventory item), its quantity given. */
export function namedCostLineDraft(values: Partial<CostLineValues>): CostLineDraft {
  return { key: newKey(), ...freeCostLine(), ...values };
}

/** The editor's words: a cost line editor's, and a line's name while it has none (`{number}`). */
export type CostLinesEditorTexts = CostLineTexts & { lineNumber: string };

/** The documents whose lines are worded alike under their own namespace (`lines.*`, `picker.*`, `kind.*`). */
export type OrderLineTexts = 'workOrders' | 'purchaseOrders';

const LINE_KEYS = [
  'lineNumber',
  'none',
  'addFromPricebook',
  'addFree',
  'freeLine',
  'name',
  'kind',
  'chooseKind',
  'unit',
  'unitPlaceholder',
  'price',
  'quantity',
  'pricePerUnit',
  'lineTotal',
  'remove',
  'total',
  'totalIncomplete',
  'count',
] as const;

const PICKER_KEYS = ['title', 'search', 'empty', 'noMatch', 'add', 'added', 'perUnit', 'more', 'done', 'unavailable'] as const;

function orderLineTextsOf(texts: OrderLineTexts): CostLinesEditorTexts {
  const keys = (group: string, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, `${texts}.${group}.${name}`]));
  return {
    ...(keys('lines', LINE_KEYS) as Record<(typeof LINE_KEYS)[number], string>),
    kinds: `${texts}.kind`,
    picker: keys('picker', PICKER_KEYS) as Record<(typeof PICKER_KEYS)[number], string>,
  };
}

/** A work order's and a purchase order's editor words, each in its own namespace. */
export const ORDER_LINE_TEXTS: Record<OrderLineTexts, CostLinesEditorTexts> = {
  workOrders: orderLineTextsOf('workOrders'),
  purchaseOrders: orderLineTextsOf('purchaseOrders'),
};

export interface CostLinesEditorProps {
  lines: CostLineDraft[];
  onChange(lines: CostLineDraft[]): void;
  texts: CostLinesEditorTexts;
  errors?: readonly (CostLineErrors | undefined)[];
  /** The list's own message (too many lines). */
  listError?: string;
  /** The pricebook the lines are taken from; without one only free lines can be added. */
  pricebook: { organisationId: string; name: string } | null;
  /** Why there is no pricebook to pick from (no provider or supplier chosen yet). */
  noPricebookHint?: string;
  /** Under the total: e.g. the approval levels it needs. */
  footer?: ReactNode;
  /** The words above the lines. */
  hint?: string;
}

/** The lines, the buttons that add them (from the pricebook or free) and the live total. */
export function CostLinesEditor({
  lines,
  onChange,
  texts,
  errors,
  listError,
  pricebook,
  noPricebookHint,
  footer,
  hint,
}: CostLinesEditorProps) {
  const update = (index: number, change: Partial<CostLineDraft>) =>
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
        texts={texts}
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
            texts={texts}
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
  line: CostLineDraft;
  index: number;
  texts: CostLinesEditorTexts;
  errors: CostLineErrors | undefined;
  onChange(change: Partial<CostLineDraft>): void;
  onRemove(): void;
}

/** One line, its inputs kept in the lines' value. */
function LineCard({ line, index, texts, errors, onChange, onRemove }: LineCardProps) {
  const { t } = useTranslation();
  const card = {
    texts,
    total: costLineKobo(line),
    name: line.item?.name || line.name || t(texts.lineNumber, { number: index + 1 }),
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
