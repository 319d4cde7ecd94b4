import { MR_MAX_LINES, makeMaterialRequestSchema } from '@amp/contracts/material-request';
import { STOCK_MAX_QUANTITY } from '@amp/contracts/warehouse';
import { WO_TAB_PERMISSION } from '@amp/contracts/work-order';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatNumber } from '../../components/data/format';
import { serverSearchProps } from '../../components/data/remote-multi-select';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { bodyResolver } from '../../components/data/use-body-resolver';
import { FormCard } from '../../components/forms/form-card';
import { FormSection } from '../../components/forms/form-section';
import { ItemName } from '../../components/forms/item-name';
import { listErrorOf } from '../../components/forms/list-error';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import {
  type InventoryItem,
  type MaterialRequestInput,
  useCreateMaterialRequest,
  useWarehouseOptions,
  useWorkOrderOptions,
  useWorkOrderRef,
} from './material-requests-api';
import { AvailableText, ItemPicker } from './mr-item-picker';

/** One line as typed: the item as the picker showed it (its stock then) and the quantity asked. */
interface LineDraft {
  item: Pick<InventoryItem, '_id' | 'name' | 'brand' | 'model' | 'unit' | 'quantity'>;
  quantity: number | string;
}

interface FormValues {
  warehouse: string;
  workOrder: string;
  note: string;
  lines: LineDraft[];
}

const FIELDS = ['warehouse', 'workOrder', 'note', 'lines'];

function bodyOf(values: FormValues): MaterialRequestInput {
  return {
    warehouse: values.warehouse,
    workOrder: values.workOrder || null,
    note: values.note.trim() || undefined,
    lines: values.lines.map((line) => ({
      item: line.item._id,
      quantity: (line.quantity === '' ? undefined : Number(line.quantity)) as number,
    })),
  };
}

/** The contract's schema on what would be sent: its paths (`lines.0.quantity`) are the form's. */
function resolver(): Resolver<FormValues> {
  return bodyResolver(makeMaterialRequestSchema(translateMessage), bodyOf);
}

/**
 * /material-request/new (?workOrder= fills it in): a staff member asks one of the organisation's
 * warehouses for items, optionally for a work order, with a note. Made for a phone: pick the
 * warehouse, tap the items, set the quantities, send.
 */
export default function MaterialRequestFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialWorkOrder = params.get('workOrder') ?? '';
  const create = useCreateMaterialRequest();
  const warehouses = useWarehouseOptions();
  const form = useForm<FormValues>({
    resolver: useMemo(resolver, []),
    mode: 'onTouched',
    defaultValues: { warehouse: '', workOrder: initialWorkOrder, note: '', lines: [] },
  });
  const [pickerOpen, setPickerOpen] = useState(false);
  const { errors } = form.formState;
  const [warehouseId, lines] = form.watch(['warehouse', 'lines']);
  const warehouseRows = warehouses.data?.data ?? [];
  const warehouse = warehouseRows.find((row) => row._id === warehouseId);

  // An organisation with one warehouse has nothing to choose.
  const only = warehouseRows.length === 1 ? warehouseRows[0]?._id : undefined;
  useEffect(() => {
    if (only && form.getValues('warehouse') === '') form.setValue('warehouse', only);
  }, [only, form]);

  // The resolver hands over the parsed body; what is sent is built from the form's own values.
  const submit = form.handleSubmit(async () => {
    try {
      const saved = await create.mutateAsync({ body: bodyOf(form.getValues()), warehouse: warehouse?.name ?? '' });
      if (saved.queued) {
        notifySuccess(t('offline.queued'));
        navigate('/material-request');
        return;
      }
      notifySuccess(t('MR.SENT'));
      navigate(`/material-request/${saved.data._id}`);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  const addItem = (item: InventoryItem) => {
    const current = form.getValues('lines');
    const index = current.findIndex((line) => line.item._id === item._id);
    const next =
      index >= 0
        ? current.map((line, i) => (i === index ? { ...line, quantity: Number(line.quantity || 0) + 1 } : line))
        : [...current, { item, quantity: 1 }];
    form.setValue('lines', next, { shouldValidate: form.formState.isSubmitted });
  };

  const lineErrors = errors.lines as unknown as (FieldErrors<{ item: string; quantity: number }> | undefined)[] | undefined;
  const listMessage = listErrorOf(errors.lines);
  // "Lines is required" in the form's own words.
  const listError = listMessage && lines.length === 0 ? t('materialRequests.form.noItemsError') : listMessage;
  const quantities = new Map(lines.map((line) => [line.item._id, line.quantity] as const));

  if (warehouses.isSuccess && warehouseRows.length === 0) {
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('materialRequests.form.noWarehouseTitle')} maw={720}>
        {t('materialRequests.form.noWarehouseHint')}
      </Alert>
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <Text c="dimmed" size="sm">
        {t('materialRequests.form.intro')}
      </Text>
      <FormCard onSubmit={() => void submit()}>
        <FormSection title={t('materialRequests.form.fromSection')} twoColumns>
          <Controller
            control={form.control}
            name="warehouse"
            render={({ field }) => (
              <Select
                label={t('materialRequests.field.warehouse')}
                placeholder={t('materialRequests.form.chooseWarehouse')}
                withAsterisk
                searchable
                allowDeselect={false}
                data={warehouseRows.map((row) => ({ value: row._id, label: row.name }))}
                disabled={warehouses.isPending}
                value={field.value || null}
                ref={field.ref}
                onBlur={field.onBlur}
                onChange={(value) => {
                  // Items belong to one warehouse: another warehouse starts the list again.
                  if (value !== field.value && form.getValues('lines').length > 0) form.setValue('lines', []);
                  field.onChange(value ?? '');
                }}
                error={errors.warehouse?.message ?? (warehouses.isError ? t('materialRequests.form.warehousesFailed') : undefined)}
              />
            )}
          />
          <WorkOrderField form={form} initial={initialWorkOrder} />
        </FormSection>

        <FormSection
          title={t('materialRequests.form.itemsSection')}
          hint={
            warehouse ? t('materialRequests.form.itemsHint', { name: warehouse.name }) : t('materialRequests.form.chooseWarehouseFirst')
          }
        >
          {lines.length === 0 ? (
            <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }}>
              <Text size="sm" c="dimmed" ta="center">
                {t('materialRequests.form.noItems')}
              </Text>
            </Paper>
          ) : (
            <Stack gap="sm">
              {lines.map((line, index) => (
                <LineCard
                  key={line.item._id}
                  line={line}
                  errors={lineErrors?.[index]}
                  onQuantity={(quantity) =>
                    form.setValue(
                      'lines',
                      form.getValues('lines').map((other, i) => (i === index ? { ...other, quantity } : other)),
                      { shouldValidate: form.formState.isSubmitted },
                    )
                  }
                  onRemove={() =>
                    form.setValue(
                      'lines',
                      form.getValues('lines').filter((_, i) => i !== index),
                      { shouldValidate: form.formState.isSubmitted },
                    )
                  }
                />
              ))}
            </Stack>
          )}
          {listError ? (
            <Text size="sm" c="red" role="alert">
              {listError}
            </Text>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconPlus size={18} />}
            onClick={() => setPickerOpen(true)}
            disabled={!warehouse || lines.length >= MR_MAX_LINES}
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('materialRequests.form.addItems')}
          </Button>
        </FormSection>

        <Textarea
          label={t('materialRequests.field.note')}
          description={t('materialRequests.form.noteHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autosize
          minRows={2}
          maxLength={1000}
          {...form.register('note')}
          error={errors.note?.message}
        />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to="/material-request?tab=mine" disabled={create.isPending}>
            {t('data.cancel')}
          </Button>
          <Button type="submit" leftSection={<IconSend size={18} />} loading={create.isPending}>
            {t('materialRequests.form.submit')}
          </Button>
        </Group>
      </FormCard>
      {warehouse ? (
        <ItemPicker
          opened={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onPick={addItem}
          warehouse={warehouse}
          quantities={quantities}
        />
      ) : null}
    </Stack>
  );
}

interface LineCardProps {
  line: LineDraft;
  errors: FieldErrors<{ item: string; quantity: number }> | undefined;
  onQuantity(quantity: number | string): void;
  onRemove(): void;
}

/** One item asked for: what it is, what the warehouse held when it was picked, and how many. */
function LineCard({ line, errors, onQuantity, onRemove }: LineCardProps) {
  const { t } = useTranslation();
  const { item } = line;
  const short = typeof line.quantity === 'number' && line.quantity > item.quantity;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <ItemName name={item.name} brand={item.brand} model={item.model} />
            <AvailableText quantity={item.quantity} unit={item.unit} />
          </Stack>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('materialRequests.form.remove', { name: item.name })}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        {errors?.item?.message ? (
          <Text size="xs" c="red" role="alert">
            {errors.item.message}
          </Text>
        ) : null}
        <NumberInput
          label={t('materialRequests.field.quantity')}
          aria-label={t('materialRequests.form.quantityOf', { name: item.name })}
          withAsterisk
          min={1}
          max={STOCK_MAX_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          inputMode="numeric"
          maw={160}
          rightSection={
            item.unit ? (
              <Text size="xs" c="dimmed">
                {item.unit}
              </Text>
            ) : undefined
          }
          rightSectionWidth={item.unit ? 48 : undefined}
          value={line.quantity}
          onChange={onQuantity}
          error={errors?.quantity?.message}
        />
        {short ? (
          // The warehouse may restock before it decides: a warning, not a refusal.
          <Text size="xs" c="orange.9" role="status">
            {t('materialRequests.form.moreThanAvailable', { available: formatNumber(item.quantity) })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The work order the materials are for, if any: a provider's staff choose among the work orders
 * they work on (Incoming), an owner's among those it raised (Outgoing). Started from a work order,
 * it is chosen already.
 */
function WorkOrderField({ form, initial }: { form: ReturnType<typeof useForm<FormValues>>; initial: string }) {
  const { t } = useTranslation();
  const { user, can } = useAuth();
  const tab = user?.organisation.kind === 'asset_owner' ? 'outgoing' : 'incoming';
  const canList = can(WO_TAB_PERMISSION[tab]);
  const [search, setSearch] = useState('');
  // Every work order seen, so the chosen one keeps its label whatever the search brings.
  const known = useRef(new Map<string, string>());
  const chosen = known.current.get(form.watch('workOrder'));
  // The select writes the chosen label into its search box: that is no search.
  const [debounced] = useDebouncedValue(search === chosen ? '' : search.trim(), 300);
  const options = useWorkOrderOptions(tab, debounced, canList);
  const given = useWorkOrderRef(initial);
  if (!canList && !initial) return null;

  const label = (order: { code: string; title: string }) => `${order.code} · ${order.title}`;
  const shown = [...(given.data ? [given.data] : []), ...(options.data?.data ?? [])];
  for (const order of shown) known.current.set(order._id, label(order));
  const data = new Map(shown.map((order) => [order._id, label(order)]));
  const current = form.getValues('workOrder');
  if (current && !data.has(current) && known.current.has(current)) data.set(current, known.current.get(current) as string);
  const givenError = given.isError ? t('materialRequests.form.workOrderMissing') : undefined;

  return (
    <Controller
      control={form.control}
      name="workOrder"
      render={({ field, fieldState }) => (
        <Select
          label={t('materialRequests.field.workOrder')}
          placeholder={t('materialRequests.form.noWorkOrder')}
          description={t('materialRequests.form.workOrderHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          clearable
          {...serverSearchProps({
            search,
            onSearchChange: setSearch,
            loading: options.isFetching,
            loadingMessage: t('materialRequests.form.loading'),
            nothingFoundMessage: t('materialRequests.form.noWorkOrders'),
          })}
          data={[...data].map(([value, text]) => ({ value, label: text }))}
          value={field.value || null}
          ref={field.ref}
          onBlur={field.onBlur}
          onChange={(value) => field.onChange(value ?? '')}
          error={fieldState.error?.message ?? givenError}
        />
      )}
    />
  );
}
