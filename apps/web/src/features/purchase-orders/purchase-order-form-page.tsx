import { warehouseOperations } from '@amp/contracts/operations/warehouse';
import { makePoCreateSchema, makePoUpdateSchema, PO_MAX_LINES } from '@amp/contracts/purchase-order';
import type { InventoryItem } from '@amp/contracts/warehouse';
import { Alert, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { controlledInputProps } from '../../components/data/controlled-input-props';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { type RemoteOption, serverSearchProps } from '../../components/data/remote-multi-select';
import { applyServerErrors } from '../../components/data/server-errors';
import { bodyResolver } from '../../components/data/use-body-resolver';
import { approvalPreviewOf } from '../../components/forms/approval-preview';
import { costLineBody, costLinesTotal } from '../../components/forms/cost-lines';
import { type CostLineDraft, costLineDraftOf, namedCostLineDraft } from '../../components/forms/cost-lines-editor';
import { DraftSubmitButtons } from '../../components/forms/draft-submit-buttons';
import { FormCard } from '../../components/forms/form-card';
import { FormFact } from '../../components/forms/form-fact';
import { FormIntro } from '../../components/forms/form-intro';
import { FormPageSkeleton } from '../../components/forms/form-page-skeleton';
import { FormSection, FULL_ROW } from '../../components/forms/form-section';
import { NotEditableAlert } from '../../components/forms/not-editable-alert';
import { OrderLinesField } from '../../components/forms/order-lines-field';
import { useSaveOrSubmit } from '../../components/forms/use-save-or-submit';
import { useApprovalLevels } from '../../components/workflow/approval-levels-api';
import { call } from '../../lib/api-call';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useWarehouses, warehouseQueryKeys } from '../../lib/queries/warehouses';
import { PoStatusBadge, useRaisesOrders } from './po-badges';
import {
  PO_APPROVAL_LEVELS,
  type PoCreateBody,
  type PoDetail,
  type PoUpdateBody,
  useCreatePurchaseOrder,
  usePurchaseOrder,
  useSuppliers,
  useUpdatePurchaseOrder,
} from './purchase-orders-api';

/** A line as typed; a free line restocking an inventory item keeps that item's brand and model. */
type PoLineDraft = CostLineDraft & { brand?: string; model?: string };

/** The form's values as typed; the contract's schema checks what would be sent. */
interface FormValues {
  supplier: string;
  warehouse: string;
  title: string;
  note: string;
  lines: PoLineDraft[];
}

/** A line as the API takes it: a pricebook item's brand and model are the book's, a free line's its own. */
function lineBody(line: PoLineDraft) {
  const body = costLineBody(line);
  return line.pricebookItem ? body : { ...body, brand: line.brand || undefined, model: line.model || undefined };
}

const FIELDS = ['supplier', 'warehouse', 'title', 'note', 'lines'];

function bodyOf(values: FormValues, editing: boolean, submit: boolean): PoCreateBody | PoUpdateBody {
  const common: PoUpdateBody = {
    warehouse: values.warehouse,
    title: values.title,
    note: values.note.trim() || undefined,
    lines: values.lines.map(lineBody),
    submit,
  };
  return editing ? common : { ...common, supplier: values.supplier };
}

/** The contract's schema (create or update) on what would be sent: its paths (`lines.0.quantity`) are the form's. */
function resolverOf(editing: boolean): Resolver<FormValues> {
  return bodyResolver(editing ? makePoUpdateSchema(translateMessage) : makePoCreateSchema(translateMessage), (values: FormValues) =>
    bodyOf(values, editing, false),
  );
}

/**
 * /purchase-order/new (`?warehouse=<id>&items=<id,id>` from a warehouse's low-stock list fills in
 * the warehouse and a line per item) and /purchase-order/:id/edit: a buyer orders from a supplier
 * for one of its warehouses, or changes a draft or an order awaiting approval.
 */
export default function PurchaseOrderFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const raises = useRaisesOrders();
  const { user } = useAuth();

  if (user && !raises) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />} maw={960}>
        {t('purchaseOrders.form.buyersOnly')}
      </Alert>
    );
  }
  if (id) return <EditPurchaseOrder id={id} />;
  return <NewPurchaseOrder />;
}

function EditPurchaseOrder({ id }: { id: string }) {
  const { t } = useTranslation();
  const order = usePurchaseOrder(id);
  return (
    <DetailPageFrame
      backTo={`/purchase-order/${id}`}
      backLabel={t('purchaseOrders.form.backToOrder')}
      query={order}
      skeleton={<FormPageSkeleton />}
      notFoundTitle={t('purchaseOrders.detail.notFound')}
      notFoundHint={t('purchaseOrders.detail.notFoundHint')}
    >
      {(data) =>
        data.actions.includes('edit') ? (
          <PurchaseOrderForm key={data._id} order={data} initial={valuesOf(data)} />
        ) : (
          <NotEditableAlert
            title={t('purchaseOrders.form.notEditableTitle')}
            hint={t('purchaseOrders.form.notEditableHint', { status: t(`purchaseOrders.status.${data.status}`) })}
            to={`/purchase-order/${data._id}`}
            linkLabel={t('purchaseOrders.form.openOrder', { code: data.code })}
          />
        )
      }
    </DetailPageFrame>
  );
}

function valuesOf(order: PoDetail): FormValues {
  return {
    supplier: order.supplier._id,
    warehouse: order.warehouse._id,
    title: order.title,
    note: order.note ?? '',
    lines: order.lines.map((line) => ({ ...costLineDraftOf(line), brand: line.brand ?? undefined, model: line.model ?? undefined })),
  };
}

/** How many of an item to order so it climbs back above its reorder level: at least one. */
const reorderQuantity = (item: InventoryItem) => Math.max(1, (item.reorderLevel ?? 0) - item.quantity);

/** A free line named after a low inventory item (with its brand and model), priced as the warehouse last knew it. */
function lineOfItem(item: InventoryItem): PoLineDraft {
  const line = namedCostLineDraft({
    name: item.name,
    unit: item.unit ?? '',
    price: item.price ?? '',
    kind: 'spare_part',
    quantity: reorderQuantity(item),
  });
  return { ...line, brand: item.brand ?? undefined, model: item.model ?? undefined };
}

/** A new order, filled in from the low-stock list's choice once its items are read. */
function NewPurchaseOrder() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const warehouse = params.get('warehouse') ?? '';
  const ids = useMemo(
    () =>
      [
        ...new Set(
          (params.get('items') ?? '')
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ].slice(0, PO_MAX_LINES),
    [params],
  );
  const items = useQueries({
    queries: ids.map((id) => ({
      queryKey: warehouseQueryKeys.item(id),
      queryFn: () => call(warehouseOperations.item, { params: { id } }),
      retry: false,
    })),
  });
  if (items.some((item) => item.isPending)) return <FormPageSkeleton />;
  const found = items.flatMap((item) => (item.data ? [item.data] : []));
  return (
    <Stack gap="md" maw={960}>
      {found.length < ids.length ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {t('purchaseOrders.form.itemsMissing', { count: ids.length - found.length })}
        </Alert>
      ) : null}
      <PurchaseOrderForm
        order={null}
        initial={{ supplier: '', warehouse: warehouse || found[0]?.warehouse._id || '', title: '', note: '', lines: found.map(lineOfItem) }}
        fromLowStock={found.length > 0}
      />
    </Stack>
  );
}

function PurchaseOrderForm({
  order,
  initial,
  fromLowStock = false,
}: {
  order: PoDetail | null;
  initial: FormValues;
  fromLowStock?: boolean;
}) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const editing = order !== null;
  const create = useCreatePurchaseOrder();
  const update = useUpdatePurchaseOrder(order?._id ?? '');
  const resolver = useMemo(() => resolverOf(editing), [editing]);
  const form = useForm<FormValues>({ resolver, mode: 'onTouched', defaultValues: initial });
  const [supplierName, setSupplierName] = useState(order?.supplier.name ?? '');
  const { errors } = form.formState;
  const [supplier, lines] = form.watch(['supplier', 'lines']);
  const { total, incomplete } = costLinesTotal(lines);
  const levels = useApprovalLevels(PO_APPROVAL_LEVELS, can(['poConfiguration', 'approvePO', 'managePO']));
  const preview = approvalPreviewOf(levels.data, total);
  const pending = create.isPending || update.isPending;

  const { send, submitting } = useSaveOrSubmit({
    form,
    texts: 'purchaseOrders',
    save: (values, submit) =>
      order ? update.mutateAsync(bodyOf(values, true, submit)) : create.mutateAsync(bodyOf(values, false, submit) as PoCreateBody),
    href: (saved) => `/purchase-order/${saved._id}`,
    onRefused: (error) => applyServerErrors(error, form.setError, FIELDS),
  });

  return (
    <Stack gap="md" maw={960}>
      <FormIntro
        editing={order ? { code: order.code, badge: <PoStatusBadge status={order.status} size="sm" /> } : null}
        intro={t(fromLowStock ? 'purchaseOrders.form.introLowStock' : 'purchaseOrders.form.intro')}
        pendingHint={order?.status === 'pending_approval' ? t('purchaseOrders.form.pendingHint') : null}
      />
      <FormCard onSubmit={() => void send(true)}>
        <FormSection title={t('purchaseOrders.form.partiesSection')} hint={t('purchaseOrders.form.partiesHint')} twoColumns>
          {order ? (
            <FormFact label={t('purchaseOrders.field.supplier')} emphasised>
              {order.supplier.name}
            </FormFact>
          ) : (
            <SupplierField form={form} onName={setSupplierName} />
          )}
          <WarehouseField form={form} />
          {order ? (
            <Text size="xs" c="dimmed" style={FULL_ROW}>
              {t('purchaseOrders.form.supplierFixed')}
            </Text>
          ) : null}
        </FormSection>

        <FormSection title={t('purchaseOrders.form.orderSection')}>
          <TextInput
            label={t('purchaseOrders.field.title')}
            placeholder={t('purchaseOrders.form.titlePlaceholder')}
            withAsterisk
            maxLength={150}
            {...form.register('title')}
            error={errors.title?.message}
          />
          <Textarea
            label={t('purchaseOrders.field.note')}
            description={t('purchaseOrders.form.noteHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={2000}
            {...form.register('note')}
            error={errors.note?.message}
          />
        </FormSection>

        <FormSection title={t('purchaseOrders.form.linesSection')}>
          <OrderLinesField
            control={form.control}
            texts="purchaseOrders"
            preview={preview}
            incomplete={incomplete}
            pricebook={supplier ? { organisationId: supplier, name: supplierName || t('purchaseOrders.form.theSupplier') } : null}
            noPricebookHint={t('purchaseOrders.form.chooseSupplierForPricebook')}
            hint={t('purchaseOrders.form.linesHint')}
          />
        </FormSection>

        <DraftSubmitButtons
          texts="purchaseOrders"
          cancelTo={order ? `/purchase-order/${order._id}` : '/purchase-order/outgoing'}
          pending={pending}
          submitting={submitting}
          onSaveDraft={() => void send(false)}
          blocked={preview.kind === 'above'}
        />
      </FormCard>
    </Stack>
  );
}

/**
 * The supplier, searched by name on the server as one types. Lines taken from the former supplier's
 * pricebook cannot go to another: changing the supplier removes them (and says so).
 */
function SupplierField({ form, onName }: { form: UseFormReturn<FormValues>; onName(name: string): void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const labels = useRef(new Map<string, string>()).current;
  const value = form.watch('supplier');
  // While the box shows the chosen supplier's name, that name is not a search.
  const [debounced] = useDebouncedValue(value && search === labels.get(value) ? '' : search, 300);
  const suppliers = useSuppliers(debounced, true);
  const data = useMemo(() => {
    const options: RemoteOption[] = (suppliers.data?.data ?? []).map((option) => ({
      value: option._id,
      label: option.name,
      description: option.state ?? undefined,
    }));
    for (const option of options) labels.set(option.value, option.label);
    const chosen = value && !options.some((option) => option.value === value) ? [{ value, label: labels.get(value) ?? '…' }] : [];
    return [...chosen, ...options];
  }, [suppliers.data, value, labels]);

  return (
    <Controller
      control={form.control}
      name="supplier"
      render={(controlled) => (
        <Select
          label={t('purchaseOrders.field.supplier')}
          placeholder={t('purchaseOrders.form.supplierPlaceholder')}
          withAsterisk
          clearable
          data={data}
          {...controlledInputProps(controlled)}
          {...serverSearchProps({
            search,
            onSearchChange: setSearch,
            loading: suppliers.isFetching,
            loadingMessage: t('common.loading'),
            nothingFoundMessage: t('purchaseOrders.form.noSupplier'),
          })}
          onChange={(next) => {
            const lines = form.getValues('lines');
            const kept = lines.filter((line) => !line.pricebookItem);
            if (next !== controlled.field.value && kept.length < lines.length) {
              form.setValue('lines', kept);
              notifications.show({
                color: 'blue',
                message: t('purchaseOrders.form.pricebookLinesRemoved', { count: lines.length - kept.length }),
              });
            }
            controlled.field.onChange(next ?? '');
            onName(next ? (labels.get(next) ?? '') : '');
          }}
        />
      )}
    />
  );
}

/** One of the buyer's own warehouses, where the goods go (a receipt may choose another). */
function WarehouseField({ form }: { form: UseFormReturn<FormValues> }) {
  const { t } = useTranslation();
  const warehouses = useWarehouses({ pageSize: 100, sort: 'name' });
  const data = (warehouses.data?.data ?? []).map((warehouse) => ({ value: warehouse._id, label: warehouse.name }));
  return (
    <Controller
      control={form.control}
      name="warehouse"
      render={(controlled) => (
        <Select
          label={t('purchaseOrders.field.warehouse')}
          placeholder={warehouses.isPending ? t('common.loading') : t('purchaseOrders.form.warehousePlaceholder')}
          withAsterisk
          searchable
          nothingFoundMessage={warehouses.isError ? t('data.loadFailed') : t('purchaseOrders.form.noWarehouse')}
          data={data}
          {...controlledInputProps(controlled)}
          onChange={(next) => controlled.field.onChange(next ?? '')}
        />
      )}
    />
  );
}
