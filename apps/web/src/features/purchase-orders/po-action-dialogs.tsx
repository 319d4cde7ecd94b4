import { makeApprovalDecisionSchema } from '@amp/contracts/approval';
import { makePoDispatchSchema, makePoReasonSchema, makePoReceiveSchema, poCloseSchema } from '@amp/contracts/purchase-order';
import { STOCK_MAX_QUANTITY } from '@amp/contracts/warehouse';
import { Alert, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { apiErrorText, translateApiText } from '../../components/api-error';
import { formatNaira, formatNumber } from '../../components/data/format';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { DialogButtons } from '../../components/workflow/dialog-buttons';
import type { DialogOutcome } from '../../components/workflow/dialog-outcome';
import { fieldMessage } from '../../components/workflow/field-message';
import { ReasonDialog } from '../../components/workflow/reason-dialog';
import { StepModal } from '../../components/workflow/step-modal';
import { ApiError } from '../../lib/api';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useWarehouses } from '../../lib/queries/warehouses';
import { type PoDetail, type PoLine, type PoStep, usePurchaseOrderStep } from './purchase-orders-api';

/**
 * The dialogs of a purchase order's steps. Each asks before it runs; a 400 stays in the dialog
 * next to its field (in the catalogue's words). A plain step's 409 (someone acted first) is told
 * as a notification; a delivery's or a receipt's stays in its dialog, whose limits the order read
 * again has already moved, so nothing typed is lost.
 */

/** The steps confirmed in a plain dialog, with a reason or nothing to type. */
export type SimpleAction = 'submit' | 'approve' | 'reject' | 'cancel' | 'accept' | 'decline' | 'close';

const COLORS: Record<SimpleAction, string> = {
  submit: 'blue',
  approve: 'teal',
  reject: 'red',
  cancel: 'red',
  accept: 'teal',
  decline: 'red',
  close: 'blue',
};

/** The steps whose reason must be given; closing takes one if the buyer wants. */
const REASON: Partial<Record<SimpleAction, 'required' | 'optional'>> = {
  reject: 'required',
  cancel: 'required',
  decline: 'required',
  close: 'optional',
};

/** The catalogue's word for a step done (PO.*). */
function doneMessage(action: SimpleAction | 'dispatch' | 'receive', after: PoDetail): string {
  if (action === 'submit') return after.status === 'sent' ? 'PO.SENT' : 'PO.SUBMITTED';
  if (action === 'approve') return after.status === 'sent' ? 'PO.SENT' : 'PO.APPROVED';
  if (action === 'receive') return after.status === 'closed' ? 'PO.CLOSED' : 'PO.RECEIVED';
  const words = {
    reject: 'REJECTED',
    cancel: 'CANCELLED',
    accept: 'ACCEPTED',
    decline: 'DECLINED',
    close: 'CLOSED',
    dispatch: 'DISPATCHED',
  };
  return `PO.${words[action]}`;
}

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? null;

/** Asks before a step; a reason is typed where the step takes one. */
export function ActionDialog({
  order,
  action,
  opened,
  onClose,
}: {
  order: PoDetail;
  action: SimpleAction | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const step = usePurchaseOrderStep(order._id);
  const reason = action ? REASON[action] : undefined;

  const run = (body: PoStep, { fail, done }: DialogOutcome) =>
    step.mutate(body, {
      onSuccess: (after) => {
        if (action) notifySuccess(t(doneMessage(action, after)));
        done();
      },
      onError: (failure) => {
        const message = fieldMessage(failure);
        if (message) return fail(message);
        notifyError(failure);
        done();
      },
    });

  const confirm = (text: string, outcome: DialogOutcome) => {
    if (!action) return;
    if (action === 'approve' || action === 'reject') {
      const parsed = makeApprovalDecisionSchema(translateMessage).safeParse(
        action === 'approve' ? { approve: true } : { approve: false, reason: text.trim() || undefined },
      );
      if (!parsed.success) return outcome.fail(firstIssue(parsed.error));
      return run({ action: 'approve', body: parsed.data }, outcome);
    }
    if (action === 'close') {
      const parsed = poCloseSchema.safeParse({ reason: text.trim() || undefined });
      if (!parsed.success) return outcome.fail(translateApiText(firstIssue(parsed.error) ?? ''));
      return run({ action: 'close', body: { reason: parsed.data?.reason } }, outcome);
    }
    if (reason === 'required') {
      const parsed = makePoReasonSchema(translateMessage).safeParse({ reason: text });
      if (!parsed.success) return outcome.fail(firstIssue(parsed.error));
      return run({ action: action as 'cancel' | 'decline', body: parsed.data }, outcome);
    }
    return run({ action: action as 'submit' | 'accept' }, outcome);
  };

  const pending = order.steps.find((candidate) => candidate.status === 'pending');
  const params = {
    code: order.code,
    title: order.title,
    supplier: order.supplier.name,
    buyer: order.buyer.name,
    total: formatNaira(order.total),
    level: pending?.name ?? '',
    order: pending?.order ?? 0,
    steps: order.steps.length,
  };
  // Approving says what follows: the next level, or the supplier (the approver's list says the same).
  const last = pending ? pending.order >= order.steps.length : false;
  const message = action
    ? [
        t(`purchaseOrders.${action}.message`, params),
        action === 'approve' ? t(last ? 'purchaseOrders.approve.last' : 'purchaseOrders.approve.next', params) : '',
      ]
        .filter(Boolean)
        .join(' ')
    : null;
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      pending={step.isPending}
      field={
        action && reason
          ? { label: t('purchaseOrders.field.reason'), description: t(`purchaseOrders.${action}.hint`), required: reason === 'required' }
          : null
      }
      title={action ? t(`purchaseOrders.${action}.title`, params) : ''}
      message={message}
      confirmLabel={action ? t(`purchaseOrders.${action}.confirm`) : undefined}
      confirmColor={action ? COLORS[action] : undefined}
    />
  );
}

/** How many of a line may be delivered now: what is left to dispatch, or dispatched and still to receive. */
export const dispatchLimit = (line: PoLine) => line.quantity - line.dispatched;
export const receiveLimit = (line: PoLine) => line.dispatched - line.received;

interface QuantityErrors {
  form?: string;
  note?: string;
  warehouse?: string;
  lines?: string;
  line: Record<number, string>;
}

/** Puts a message on its field by the contract's (or the API's) path: note, warehouse, lines, lines.2.quantity. */
function placeError(errors: QuantityErrors, path: readonly PropertyKey[], message: string, sent: readonly number[]): QuantityErrors {
  const [head, index] = path;
  if (head === 'lines' && typeof index === 'number') {
    // The body holds only the lines with a quantity: its index is the sent line's.
    const row = sent[index];
    return row === undefined ? { ...errors, lines: message } : { ...errors, line: { ...errors.line, [row]: message } };
  }
  if (head === 'note' || head === 'warehouse' || head === 'lines') return { ...errors, [head]: message };
  return { ...errors, form: message };
}

/**
 * A delivery (the supplier: quantities per line up to what is left to dispatch, a delivery note) or
 * a receipt (the buyer: quantities per line up to what was dispatched and not yet received, into a
 * warehouse of its own, by default the order's). A line left at 0 is not part of it.
 */
export function QuantitiesDialog({
  order,
  kind,
  opened,
  onClose,
}: {
  order: PoDetail;
  kind: 'dispatch' | 'receive';
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const step = usePurchaseOrderStep(order._id);
  const limitOf = kind === 'dispatch' ? dispatchLimit : receiveLimit;
  const open = order.lines.filter((line) => limitOf(line) > 0);
  const start = () => Object.fromEntries(open.map((line) => [line._id, limitOf(line)])) as Record<string, number | string>;
  const [quantities, setQuantities] = useState(start);
  const [note, setNote] = useState('');
  const [warehouse, setWarehouse] = useState<string | null>(order.warehouse._id);
  const [errors, setErrors] = useState<QuantityErrors>({ line: {} });
  const clear = () => setErrors({ line: {} });

  // Each opening starts from what is left now (the order may have moved since the last one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the dialog
  useEffect(() => {
    if (!opened) return;
    setQuantities(start());
    setNote('');
    setWarehouse(order.warehouse._id);
    setErrors({ line: {} });
  }, [opened]);

  // The order read again while the dialog is open (the live refresh after a second dispatch): lines
  // that now have something left start at it, and what was already typed stays.
  const limits = open.map((line) => `${line._id}:${limitOf(line)}`).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of what is left adds lines
  useEffect(() => {
    if (!opened) return;
    const fresh = start();
    setQuantities((typed) => ({ ...fresh, ...Object.fromEntries(Object.entries(typed).filter(([line]) => line in fresh)) }));
  }, [limits]);

  const done = () => onClose();
  const confirm = () => {
    const rows = order.lines.map((line, index) => ({ line, index, quantity: quantities[line._id] }));
    const chosen = rows.filter((row) => row.quantity !== undefined && row.quantity !== '' && Number(row.quantity) !== 0);
    const sent = chosen.map((row) => row.index);
    // Above the limit is refused here in the API's words, before it is asked.
    const over = chosen.find((row) => Number(row.quantity) > limitOf(row.line));
    if (over) {
      const key = kind === 'dispatch' ? 'PO.OVER_DISPATCH' : 'PO.OVER_RECEIPT';
      return setErrors({
        line: { [over.index]: translateMessage(key, { remaining: formatNumber(limitOf(over.line)), item: over.line.name }) },
      });
    }
    const lines = chosen.map((row) => ({ line: row.line._id, quantity: Number(row.quantity) }));
    const body =
      kind === 'dispatch'
        ? { note: note.trim() || undefined, lines }
        : { warehouse: warehouse ?? undefined, note: note.trim() || undefined, lines };
    const parsed = (kind === 'dispatch' ? makePoDispatchSchema(translateMessage) : makePoReceiveSchema(translateMessage)).safeParse(body);
    if (!parsed.success) {
      return setErrors(
        parsed.error.issues.reduce((all, issue) => placeError(all, issue.path, issue.message, sent), { line: {} } as QuantityErrors),
      );
    }
    step.mutate({ action: kind, body } as PoStep, {
      onSuccess: (after) => {
        notifySuccess(t(doneMessage(kind, after)));
        done();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0) {
          return setErrors(
            failure.errors.reduce(
              (all, error) =>
                placeError(
                  all,
                  error.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
                  translateApiText(error.message),
                  sent,
                ),
              { line: {} } as QuantityErrors,
            ),
          );
        }
        // A 409 (more than is left, or it moved on): told here, the limits read again beside it.
        if (failure instanceof ApiError && failure.status === 409) return setErrors({ line: {}, form: apiErrorText(failure) });
        notifyError(failure);
        done();
      },
    });
  };

  return (
    <StepModal
      opened={opened}
      onClose={done}
      pending={step.isPending}
      title={t(`purchaseOrders.${kind}.title`, { code: order.code })}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">{t(`purchaseOrders.${kind}.message`, { supplier: order.supplier.name, buyer: order.buyer.name })}</Text>
        {errors.form ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {errors.form}
          </Alert>
        ) : null}
        {kind === 'receive' ? (
          <ReceivingWarehouse
            value={warehouse}
            onChange={(next) => {
              setWarehouse(next);
              clear();
            }}
            error={errors.warehouse}
          />
        ) : null}
        {open.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(`purchaseOrders.${kind}.nothingLeft`)}
          </Text>
        ) : (
          <Stack gap="xs" role="group" aria-label={t(`purchaseOrders.${kind}.linesLabel`)}>
            {open.map((line) => {
              const index = order.lines.indexOf(line);
              return (
                <QuantityRow
                  key={line._id}
                  line={line}
                  limit={limitOf(line)}
                  hint={t(`purchaseOrders.${kind}.limit`, {
                    limit: formatNumber(limitOf(line)),
                    ordered: formatNumber(line.quantity),
                    dispatched: formatNumber(line.dispatched),
                    received: formatNumber(line.received),
                  })}
                  value={quantities[line._id] ?? ''}
                  error={errors.line[index]}
                  onChange={(value) => {
                    setQuantities((current) => ({ ...current, [line._id]: value }));
                    clear();
                  }}
                />
              );
            })}
          </Stack>
        )}
        {errors.lines ? (
          <Text size="sm" c="red" role="alert">
            {errors.lines}
          </Text>
        ) : null}
        <Textarea
          label={t(`purchaseOrders.${kind}.noteLabel`)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          value={note}
          error={errors.note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            clear();
          }}
        />
        <DialogButtons
          pending={step.isPending}
          disabled={open.length === 0}
          onCancel={done}
          onConfirm={confirm}
          label={t(`purchaseOrders.${kind}.confirm`)}
        />
      </Stack>
    </StepModal>
  );
}

/** One line's quantity, with what it may take. */
function QuantityRow({
  line,
  limit,
  hint,
  value,
  error,
  onChange,
}: {
  line: PoLine;
  limit: number;
  hint: string;
  value: number | string;
  error: string | undefined;
  onChange(value: number | string): void;
}) {
  return (
    <NumberInput
      label={line.unit ? `${line.name} (${line.unit})` : line.name}
      description={hint}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      min={0}
      max={Math.min(limit, STOCK_MAX_QUANTITY)}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      thousandSeparator=","
      inputMode="numeric"
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}

/** The buyer's warehouse the goods go into: the order's unless another of its own is chosen. */
function ReceivingWarehouse({ value, onChange, error }: { value: string | null; onChange(value: string | null): void; error?: string }) {
  const { t } = useTranslation();
  const warehouses = useWarehouses({ pageSize: 100, sort: 'name' });
  return (
    <Select
      label={t('purchaseOrders.field.receiveInto')}
      description={t('purchaseOrders.receive.warehouseHint')}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      withAsterisk
      searchable
      allowDeselect={false}
      nothingFoundMessage={warehouses.isError ? t('data.loadFailed') : t('purchaseOrders.form.noWarehouse')}
      data={(warehouses.data?.data ?? []).map((warehouse) => ({ value: warehouse._id, label: warehouse.name }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
