import { koboToNaira, nairaToKobo } from '@amp/contracts/money';
import { PRICEBOOK_KINDS, type PricebookKind } from '@amp/contracts/pricebook';
import { OBSERVATION_MAX_LINES, OBSERVATION_MAX_QUANTITY } from '@amp/contracts/service-request';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconBook, IconCheck, IconPencilPlus, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { apiErrorText } from '../../components/api-error';
import { formatNaira } from '../../components/data/format';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { type PricebookItem, usePricebookOf, type WoLine, type WoLineBody } from './work-orders-api';

/**
 * The cost lines of a work order as they are typed: the owner's planned lines on the form, the
 * provider's used lines on the completion. A line is an item of a pricebook (its price is the
 * book's when it is sent) or a free line with its own name and price in naira.
 */

export interface LineDraft {
  key: string;
  pricebookItem: string | null;
  item: { name: string; kind: PricebookKind | null; unit: string | null; priceKobo: number } | null;
  name: string;
  kind: PricebookKind | '';
  unit: string;
  price: string;
  quantity: number | string;
}

/** The messages of one line, by field, as react-hook-form or the API's paths give them. */
export type LineErrors = Partial<Record<'pricebookItem' | 'name' | 'kind' | 'unit' | 'price' | 'quantity', { message?: string }>>;

let nextKey = 0;
const newKey = () => `line-${++nextKey}`;

export function freeLine(): LineDraft {
  return { key: newKey(), pricebookItem: null, item: null, name: '', kind: '', unit: '', price: '', quantity: 1 };
}

/** A line of a work order as it is stored, back into the form (an edit, a completion that starts from the plan). */
export function draftOf(line: WoLine): LineDraft {
  return line.pricebookItem
    ? {
        key: newKey(),
        pricebookItem: line.pricebookItem,
        item: { name: line.name, kind: line.kind, unit: line.unit, priceKobo: line.unitPriceKobo },
        name: '',
        kind: '',
        unit: '',
        price: '',
        quantity: line.quantity,
      }
    : {
        key: newKey(),
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
export function lineBody(line: LineDraft): WoLineBody {
  if (line.pricebookItem) return { pricebookItem: line.pricebookItem, quantity: line.quantity };
  return {
    name: line.name.trim(),
    kind: line.kind || undefined,
    unit: line.unit.trim() || undefined,
    price: line.price.trim(),
    quantity: line.quantity,
  };
}

/** A line's total in kobo, exactly (BigInt: a price times a quantity may pass 2^53); null while it cannot be priced. */
export function lineKobo(line: LineDraft): bigint | null {
  const quantity = Number(line.quantity);
  if (line.quantity === '' || !Number.isInteger(quantity) || quantity < 1 || quantity > OBSERVATION_MAX_QUANTITY) return null;
  const unit = line.item ? line.item.priceKobo : line.price.trim() ? nairaToKobo(line.price) : undefined;
  if (unit === undefined) return null;
  return BigInt(unit) * BigInt(quantity);
}

export function totalKobo(lines: readonly LineDraft[]): { total: bigint; incomplete: boolean } {
  const totals = lines.map(lineKobo);
  return { total: totals.reduce<bigint>((sum, value) => sum + (value ?? 0n), 0n), incomplete: totals.some((value) => value === null) };
}

/** Kobo as naira in the NGN format ("₦1,250,000.50"), without floats. */
export function formatKobo(kobo: bigint | number): string {
  const value = BigInt(kobo);
  return formatNaira(`${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`);
}

/** The naira string of a kobo amount for the API's messages ("1250000.50"). */
export const nairaOf = (kobo: bigint | number) => koboToNaira(Number(kobo));

interface LinesEditorProps {
  lines: LineDraft[];
  onChange(lines: LineDraft[]): void;
  errors?: readonly (LineErrors | undefined)[];
  /** The list's own message (too many lines). */
  listError?: string;
  /** The pricebook the lines are taken from; without one only free lines can be added. */
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
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const [pickerOpen, setPickerOpen] = useState(false);
  const { total, incomplete } = totalKobo(lines);
  const full = lines.length >= OBSERVATION_MAX_LINES;

  const update = (index: number, change: Partial<LineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));
  const addItem = (item: PricebookItem) => {
    const index = lines.findIndex((line) => line.pricebookItem === item._id);
    if (index >= 0) {
      update(index, { quantity: Math.min((Number(lines[index]?.quantity) || 0) + 1, OBSERVATION_MAX_QUANTITY) });
      return;
    }
    onChange([
      ...lines,
      {
        key: newKey(),
        pricebookItem: item._id,
        item: { name: item.name, kind: item.kind, unit: item.unit, priceKobo: item.priceKobo },
        name: '',
        kind: '',
        unit: '',
        price: '',
        quantity: 1,
      },
    ]);
  };
  const quantities = new Map(lines.filter((line) => line.pricebookItem).map((line) => [line.pricebookItem as string, line.quantity]));

  return (
    <Stack gap="sm">
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {lines.length === 0 ? (
        <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }}>
          <Text size="sm" c="dimmed" ta="center">
            {t('workOrders.lines.none')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          {lines.map((line, index) => (
            <LineRow
              key={line.key}
              line={line}
              index={index}
              errors={errors?.[index]}
              onChange={(change) => update(index, change)}
              onRemove={() => onChange(lines.filter((_, i) => i !== index))}
            />
          ))}
        </Stack>
      )}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={compact ? undefined : 520}>
        <Button variant="light" leftSection={<IconBook size={18} />} onClick={() => setPickerOpen(true)} disabled={full || !pricebook}>
          {t('workOrders.lines.addFromPricebook')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconPencilPlus size={18} />}
          onClick={() => onChange([...lines, freeLine()])}
          disabled={full}
        >
          {t('workOrders.lines.addFree')}
        </Button>
      </SimpleGrid>
      {!pricebook && noPricebookHint ? (
        <Text size="xs" c="dimmed" mt={-4}>
          {noPricebookHint}
        </Text>
      ) : null}
      <Paper radius="md" p="md" bg="var(--mantine-color-gray-0)" withBorder>
        <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
          <Stack gap={0}>
            <Text fw={600}>{t('workOrders.lines.total')}</Text>
            <Text size="xs" c="dimmed">
              {incomplete ? t('workOrders.lines.totalIncomplete') : t('workOrders.lines.count', { count: lines.length })}
            </Text>
          </Stack>
          <Text fw={700} fz="xl" style={{ whiteSpace: 'nowrap' }} aria-live="polite">
            {formatKobo(total)}
          </Text>
        </Group>
        {footer}
      </Paper>
      {pricebook ? (
        <PricebookPicker
          opened={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onPick={addItem}
          quantities={quantities}
          organisationId={pricebook.organisationId}
          name={pricebook.name}
        />
      ) : null}
    </Stack>
  );
}

interface LineRowProps {
  line: LineDraft;
  index: number;
  errors: LineErrors | undefined;
  onChange(change: Partial<LineDraft>): void;
  onRemove(): void;
}

function LineRow({ line, index, errors, onChange, onRemove }: LineRowProps) {
  const { t } = useTranslation();
  const kobo = lineKobo(line);
  const label = line.item?.name || line.name || t('workOrders.lines.lineNumber', { number: index + 1 });
  const quantity = (
    <NumberInput
      label={t('workOrders.lines.quantity')}
      withAsterisk
      min={1}
      max={OBSERVATION_MAX_QUANTITY}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      inputMode="numeric"
      value={line.quantity}
      onChange={(value) => onChange({ quantity: value })}
      error={errors?.quantity?.message}
    />
  );
  const totalText = (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {t('workOrders.lines.lineTotal')}
      </Text>
      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
        {kobo === null ? '–' : formatKobo(kobo)}
      </Text>
    </Stack>
  );
  const remove = (
    <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('workOrders.lines.remove', { name: label })}>
      <IconTrash size={18} />
    </ActionIcon>
  );

  if (line.item) {
    const { item } = line;
    return (
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <Group gap={6} wrap="wrap">
                {item.kind ? <KindBadge kind={item.kind} /> : null}
                <Text size="xs" c="dimmed">
                  {item.unit
                    ? t('workOrders.lines.pricePerUnit', { price: formatKobo(item.priceKobo), unit: item.unit })
                    : formatKobo(item.priceKobo)}
                </Text>
              </Group>
            </Stack>
            {remove}
          </Group>
          {errors?.pricebookItem?.message ? (
            <Text size="xs" c="red" role="alert">
              {errors.pricebookItem.message}
            </Text>
          ) : null}
          <Group justify="space-between" align="flex-end" gap="sm" wrap="nowrap">
            <div style={{ maxWidth: 140 }}>{quantity}</div>
            {totalText}
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" style={{ borderColor: 'var(--mantine-color-yellow-4)' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" color="yellow" c="#7a5a00" leftSection={<IconPencilPlus size={12} aria-hidden />}>
            {t('workOrders.lines.freeLine')}
          </Badge>
          {remove}
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('workOrders.lines.name')}
              withAsterisk
              maxLength={150}
              value={line.name}
              onChange={(event) => onChange({ name: event.currentTarget.value })}
              error={errors?.name?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label={t('workOrders.lines.kind')}
              placeholder={t('workOrders.lines.chooseKind')}
              clearable
              data={PRICEBOOK_KINDS.map((kind) => ({ value: kind, label: t(`workOrders.kind.${kind}`) }))}
              value={line.kind || null}
              onChange={(value) => onChange({ kind: (value as PricebookKind | null) ?? '' })}
              error={errors?.kind?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t('workOrders.lines.unit')}
              placeholder={t('workOrders.lines.unitPlaceholder')}
              maxLength={30}
              value={line.unit}
              onChange={(event) => onChange({ unit: event.currentTarget.value })}
              error={errors?.unit?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t('workOrders.lines.price')}
              withAsterisk
              inputMode="decimal"
              leftSection={
                <Text size="sm" c="dimmed" aria-hidden>
                  ₦
                </Text>
              }
              placeholder="0.00"
              autoComplete="off"
              value={line.price}
              onChange={(event) => onChange({ price: event.currentTarget.value })}
              error={errors?.price?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>{quantity}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Group justify="flex-end" align="flex-end" h="100%">
              {totalText}
            </Group>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}

const KIND_COLORS: Record<PricebookKind, string> = { service: 'blue', spare_part: 'grape', product: 'cyan' };

export function KindBadge({ kind }: { kind: PricebookKind }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={KIND_COLORS[kind]}>
      {t(`workOrders.kind.${kind}`)}
    </Badge>
  );
}

/**
 * A pricebook, searchable: a tap adds the item as a line (again: one more of it). Full screen on a
 * phone; it stays open so several items can be added in a row.
 */
function PricebookPicker({
  opened,
  onClose,
  onPick,
  quantities,
  organisationId,
  name,
}: {
  opened: boolean;
  onClose(): void;
  onPick(item: PricebookItem): void;
  quantities: Map<string, number | string>;
  organisationId: string;
  name: string;
}) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const items = usePricebookOf(organisationId, debounced, opened);
  const rows = items.data?.data ?? [];
  const more = (items.data?.meta.total ?? 0) > rows.length;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('workOrders.picker.title', { name })}
      fullScreen={compact}
      size="lg"
      closeButtonProps={{ 'aria-label': t('data.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          leftSection={<IconSearch size={16} />}
          rightSection={items.isFetching ? <Loader size="xs" /> : undefined}
          placeholder={t('workOrders.picker.search')}
          aria-label={t('workOrders.picker.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {items.isPending ? (
          <Stack gap="xs">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={56} radius="sm" />
            ))}
          </Stack>
        ) : items.isError ? (
          <Alert
            color={items.error instanceof ApiError && items.error.status === 404 ? 'orange' : 'red'}
            icon={<IconAlertCircle size={18} />}
          >
            {items.error instanceof ApiError && items.error.status === 404 ? t('workOrders.picker.unavailable') : apiErrorText(items.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {debounced ? t('workOrders.picker.noMatch') : t('workOrders.picker.empty')}
          </Text>
        ) : (
          <Stack gap={6}>
            {rows.map((item) => {
              const added = quantities.get(item._id);
              const details = [item.brand, item.model].filter(Boolean).join(' · ');
              return (
                <UnstyledButton
                  key={item._id}
                  onClick={() => onPick(item)}
                  aria-label={t('workOrders.picker.add', { name: item.name })}
                  style={{
                    border: `1px solid ${added !== undefined ? 'var(--mantine-color-teal-4)' : 'var(--mantine-color-default-border)'}`,
                    borderRadius: 'var(--mantine-radius-md)',
                    padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
                    background: added !== undefined ? 'var(--mantine-color-teal-0)' : undefined,
                  }}
                >
                  <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                    <Stack gap={2} miw={0}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {item.name}
                      </Text>
                      <Group gap={6} wrap="wrap">
                        <KindBadge kind={item.kind} />
                        {item.unit ? (
                          <Text size="xs" c="dimmed">
                            {t('workOrders.picker.perUnit', { unit: item.unit })}
                          </Text>
                        ) : null}
                        {details ? (
                          <Text size="xs" c="dimmed">
                            {details}
                          </Text>
                        ) : null}
                      </Group>
                    </Stack>
                    <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatNaira(item.price)}
                      </Text>
                      {added !== undefined ? (
                        <Badge size="sm" color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                          {t('workOrders.picker.added', { quantity: added })}
                        </Badge>
                      ) : (
                        <IconPlus size={16} color="var(--mantine-primary-color-filled)" aria-hidden />
                      )}
                    </Stack>
                  </Group>
                </UnstyledButton>
              );
            })}
            {more ? (
              <Text size="xs" c="dimmed" ta="center">
                {t('workOrders.picker.more', { shown: rows.length, total: items.data?.meta.total ?? rows.length })}
              </Text>
            ) : null}
          </Stack>
        )}
        <Group justify="flex-end" pt="xs">
          <Button onClick={onClose}>{t('workOrders.picker.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
