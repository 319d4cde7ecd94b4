import { makeStockCountSchema, makeStockMoveSchema, makeStockTransferSchema, STOCK_MAX_QUANTITY } from '@amp/contracts/warehouse';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowsExchange, IconClipboardCheck, IconSquareRoundedMinus, IconSquareRoundedPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { apiErrorText } from '../../components/api-error';
import { controlledInputProps } from '../../components/data/controlled-input-props';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useBodyResolver } from '../../components/data/use-body-resolver';
import { ApiError } from '../../lib/api';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useWarehouses } from '../../lib/queries/warehouses';
import { quantityText } from './warehouse-format';
import { type InventoryItem, type StockAction, type StockActionKind, useStockAction } from './warehouses-api';

/** The icon of each movement made by hand, on its buttons and in its dialog. */
export const STOCK_ACTION_ICONS: Record<StockActionKind, (size: number) => ReactNode> = {
  'stock-in': (size) => <IconSquareRoundedPlus size={size} />,
  'stock-out': (size) => <IconSquareRoundedMinus size={size} />,
  transfer: (size) => <IconArrowsExchange size={size} />,
  count: (size) => <IconClipboardCheck size={size} />,
};

export const STOCK_ACTIONS: readonly StockActionKind[] = ['stock-in', 'stock-out', 'transfer', 'count'];

/** What the inputs hold: a number input is '' while empty. */
interface StockValues {
  quantity: number | '';
  reason: string;
  toWarehouse: string;
}

const FIELDS = ['quantity', 'counted', 'reason', 'toWarehouse'];

/** The body each movement sends; an empty number is left out, so the schema says it is required. */
function bodyOf(kind: StockActionKind, values: StockValues): StockAction['body'] {
  const amount = values.quantity === '' ? undefined : Number(values.quantity);
  if (kind === 'count') return { counted: amount, reason: values.reason } as StockAction['body'];
  if (kind === 'transfer') return { quantity: amount, reason: values.reason, toWarehouse: values.toWarehouse } as StockAction['body'];
  return { quantity: amount, reason: values.reason } as StockAction['body'];
}

function schemaOf(kind: StockActionKind) {
  if (kind === 'count') return makeStockCountSchema(translateMessage);
  if (kind === 'transfer') return makeStockTransferSchema(translateMessage);
  return makeStockMoveSchema(translateMessage);
}

interface StockDialogProps {
  /** The item and the movement asked for; null while closed. */
  target: { item: InventoryItem; kind: StockActionKind } | null;
  onClose(): void;
}

/**
 * Stock in, stock out, a transfer or a count on one item, in a modal: the quantity (or the quantity
 * counted), the reason, and for a transfer the warehouse it goes to. A 409 (not enough stock: N
 * available) shows next to the quantity, a 400 next to its field; the lists and figures refresh on success.
 */
export function StockDialog({ target, onClose }: StockDialogProps) {
  const { t } = useTranslation();
  // The last target stays on screen while the modal animates closed (the modal then unmounts it).
  const [shown, setShown] = useState(target);
  if (target && (target.kind !== shown?.kind || target.item !== shown.item)) setShown(target);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={shown ? t(`warehouses.move.${shown.kind}.title`, { name: shown.item.name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('data.close') }}
    >
      {/* A new form for each item and movement: its schema and fields differ. */}
      {shown ? <StockForm key={`${shown.kind}:${shown.item._id}`} item={shown.item} kind={shown.kind} onClose={onClose} /> : null}
    </Modal>
  );
}

function StockForm({ item, kind, onClose }: { item: InventoryItem; kind: StockActionKind; onClose(): void }) {
  const { t } = useTranslation();
  const move = useStockAction();
  const resolver = useBodyResolver(
    () => schemaOf(kind),
    (values: StockValues) => bodyOf(kind, values),
  );
  const form = useForm<StockValues>({ resolver, mode: 'onTouched', defaultValues: { quantity: '', reason: '', toWarehouse: '' } });
  const { errors } = form.formState;
  // The field the API names `counted` is the form's quantity.
  const mapPath = (path: string) => (path === 'counted' ? 'quantity' : path);

  // The resolver checks the body; what is sent is made from the inputs as they stand.
  const submit = form.handleSubmit(async () => {
    try {
      const body = bodyOf(kind, form.getValues());
      const result = await move.mutateAsync({ itemId: item._id, action: { kind, body } as StockAction });
      notifySuccess(
        t('warehouses.move.done', { name: result.item.name, quantity: quantityText(t, result.item.quantity, result.item.unit) }),
      );
      onClose();
    } catch (error) {
      // Not enough stock (or any other refusal of the quantity): said where the quantity is typed.
      if (error instanceof ApiError && error.status === 409 && kind !== 'count') {
        form.setError('quantity', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
        return;
      }
      applyServerErrors(error, form.setError, FIELDS, mapPath);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('warehouses.move.onHand', { quantity: quantityText(t, item.quantity, item.unit) })}
        </Text>
        {kind === 'transfer' ? <DestinationField form={form} item={item} /> : null}
        <Controller
          control={form.control}
          name="quantity"
          render={(controlled) => (
            <NumberInput
              label={t(kind === 'count' ? 'warehouses.field.counted' : 'warehouses.field.quantity')}
              description={t(`warehouses.move.${kind}.hint`)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              withAsterisk
              min={kind === 'count' ? 0 : 1}
              max={STOCK_MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              inputMode="numeric"
              // A transfer starts with its destination.
              data-autofocus={kind !== 'transfer'}
              rightSection={
                item.unit ? (
                  <Text size="xs" c="dimmed" pr="xs">
                    {item.unit}
                  </Text>
                ) : undefined
              }
              rightSectionWidth={item.unit ? 'auto' : undefined}
              {...controlledInputProps(controlled)}
            />
          )}
        />
        <Textarea
          label={t('warehouses.field.reason')}
          withAsterisk
          autosize
          minRows={2}
          maxRows={5}
          maxLength={500}
          {...form.register('reason')}
          error={errors.reason?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={move.isPending}>
            {t('data.cancel')}
          </Button>
          <Button type="submit" loading={move.isPending} leftSection={STOCK_ACTION_ICONS[kind](18)}>
            {t(`warehouses.move.${kind}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The warehouses a transfer may go to: the others of the organisation whose stock the reader moves. */
function DestinationField({ form, item }: { form: ReturnType<typeof useForm<StockValues>>; item: InventoryItem }) {
  const { t } = useTranslation();
  const warehouses = useWarehouses({ pageSize: 100, sort: 'name' });
  const options = (warehouses.data?.data ?? [])
    .filter((warehouse) => warehouse._id !== item.warehouse._id && warehouse.managedByMe)
    .map((warehouse) => ({ value: warehouse._id, label: warehouse.name }));
  return (
    <Controller
      control={form.control}
      name="toWarehouse"
      render={(controlled) => (
        <Select
          label={t('warehouses.field.toWarehouse')}
          placeholder={t('warehouses.move.transfer.choose')}
          withAsterisk
          searchable
          data-autofocus
          data={options}
          nothingFoundMessage={warehouses.isPending ? t('warehouses.move.transfer.loading') : t('warehouses.move.transfer.none')}
          comboboxProps={{ withinPortal: true }}
          {...controlledInputProps(controlled)}
          value={controlled.field.value || null}
          onChange={(value) => controlled.field.onChange(value ?? '')}
        />
      )}
    />
  );
}
