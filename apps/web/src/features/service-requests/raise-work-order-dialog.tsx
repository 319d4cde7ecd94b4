import { makeObservationDecisionSchema, type Observation, type SrPriority } from '@amp/contracts/service-request';
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { formatNaira } from '../../components/data/format';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { DueDateInput, PriorityPicker, WorkOrderTitleInput } from '../../components/workflow/work-order-fields';
import { ApiError } from '../../lib/api';
import { translateMessage, useTranslation } from '../../lib/i18n';
import type { SrDetail } from '../../lib/queries/service-requests';
import { useRaiseWorkOrderFromObservation } from './service-requests-api';

type WorkOrderField = 'title' | 'priority' | 'dueDate' | 'submit';

/**
 * The owner raises a work order from the observation awaiting its decision: the observation is
 * accepted and the work order, for the same provider, takes its services, parts and evidence. The
 * title (the request's by default), priority, due date and whether it is submitted for approval
 * now are asked here; then the new work order opens.
 */
export function RaiseWorkOrderDialog({
  request,
  observation,
  opened,
  onClose,
}: {
  request: SrDetail;
  observation: Observation | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raise = useRaiseWorkOrderFromObservation(request._id);
  const [title, setTitle] = useState(request.title);
  const [priority, setPriority] = useState<SrPriority>(request.priority);
  const [dueDate, setDueDate] = useState('');
  const [submit, setSubmit] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<WorkOrderField, string>>>({});

  const reset = () => {
    setTitle(request.title);
    setPriority(request.priority);
    setDueDate('');
    setSubmit(true);
    setErrors({});
  };
  const dismiss = () => {
    if (raise.isPending) return;
    reset();
    onClose();
  };
  const confirm = () => {
    if (!observation) return;
    const workOrder = { title: title.trim() || undefined, priority, dueDate: dueDate || undefined, submit };
    // The catalogue's own rules, in the reader's language, as the API would answer.
    const parsed = makeObservationDecisionSchema(translateMessage).safeParse({ action: 'work_order', workOrder });
    if (!parsed.success) {
      const found: Partial<Record<WorkOrderField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[1] as WorkOrderField | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      return setErrors(found);
    }
    raise.mutate(
      { observationId: observation._id, workOrder },
      {
        onSuccess: (detail) => {
          const raised = detail.observations.find((one) => one._id === observation._id)?.workOrder;
          reset();
          onClose();
          if (!raised) return;
          notifySuccess(t('serviceRequests.raiseWorkOrder.done', { code: raised.code }));
          navigate(`/work-order/view/${raised._id}`);
        },
        // A 400 stays next to its field; a 409 (the observation was decided meanwhile) and any other
        // failure are told, and the request is read again either way.
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0) {
            const found: Partial<Record<WorkOrderField, string>> = {};
            for (const fieldError of failure.errors) {
              const field = fieldError.path.split('.').at(-1) as WorkOrderField;
              if (['title', 'priority', 'dueDate', 'submit'].includes(field)) found[field] ??= translateApiText(fieldError.message);
            }
            if (Object.keys(found).length > 0) return setErrors(found);
          }
          notifyError(failure);
          reset();
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmModal
      opened={opened}
      onClose={dismiss}
      onConfirm={confirm}
      loading={raise.isPending}
      title={t('serviceRequests.raiseWorkOrder.title', { code: request.code })}
      message={
        observation
          ? t('serviceRequests.raiseWorkOrder.message', {
              provider: request.provider.name,
              total: formatNaira(observation.total),
            })
          : null
      }
      confirmLabel={t(submit ? 'serviceRequests.raiseWorkOrder.confirmSubmit' : 'serviceRequests.raiseWorkOrder.confirmDraft')}
      confirmColor="indigo"
    >
      <WorkOrderTitleInput
        label={t('serviceRequests.raiseWorkOrder.titleField')}
        description={t('serviceRequests.raiseWorkOrder.titleHint')}
        value={title}
        error={errors.title}
        onChange={(value) => {
          setTitle(value);
          setErrors((current) => ({ ...current, title: undefined }));
        }}
      />
      <PriorityPicker
        label={t('serviceRequests.raiseWorkOrder.priority')}
        value={priority}
        onChange={setPriority}
        error={errors.priority}
      />
      <DueDateInput
        label={t('serviceRequests.raiseWorkOrder.dueDate')}
        description={t('serviceRequests.raiseWorkOrder.dueDateHint')}
        value={dueDate}
        error={errors.dueDate}
        onChange={(value) => {
          setDueDate(value);
          setErrors((current) => ({ ...current, dueDate: undefined }));
        }}
      />
      <Switch
        label={t('serviceRequests.raiseWorkOrder.submit')}
        description={t(submit ? 'serviceRequests.raiseWorkOrder.submitHint' : 'serviceRequests.raiseWorkOrder.draftHint')}
        checked={submit}
        error={errors.submit}
        onChange={(event) => setSubmit(event.currentTarget.checked)}
      />
    </ConfirmModal>
  );
}
