import { makeObservationDecisionSchema, makeSrCloseSchema, makeSrReasonSchema, type Observation } from '@amp/contracts/service-request';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import type { DialogOutcome } from '../../components/workflow/dialog-outcome';
import { fieldMessage } from '../../components/workflow/field-message';
import { ReasonDialog } from '../../components/workflow/reason-dialog';
import { translateMessage, useTranslation } from '../../lib/i18n';
import type { SrDetail } from '../../lib/queries/service-requests';
import { useAcceptServiceRequest, useCloseServiceRequest, useDecideObservation, useDeclineServiceRequest } from './service-requests-api';

/** A step on the request or its observation that the owner or the provider confirms in a dialog. */
export type SrDecision = 'accept' | 'decline' | 'close' | 'acceptObservation' | 'rejectObservation';

const DECISION_COLORS: Record<SrDecision, string> = {
  accept: 'teal',
  decline: 'red',
  close: 'blue',
  acceptObservation: 'teal',
  rejectObservation: 'red',
};

const DECISION_DONE: Record<SrDecision, string> = {
  accept: 'SR.ACCEPTED',
  decline: 'SR.DECLINED',
  close: 'SR.CLOSED',
  acceptObservation: 'SR.OBSERVATION_ACCEPTED',
  rejectObservation: 'SR.OBSERVATION_REJECTED',
};

/** Asks before each step that cannot be undone; decline and reject need a reason, close takes an optional note. */
export function SrDecisionDialog({
  request,
  decision,
  opened,
  onClose,
}: {
  request: SrDetail;
  decision: { kind: SrDecision; observation?: Observation } | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptServiceRequest(request._id);
  const decline = useDeclineServiceRequest(request._id);
  const close = useCloseServiceRequest(request._id);
  const decideObservation = useDecideObservation(request._id);
  const kind = decision?.kind;
  const needsReason = kind === 'decline' || kind === 'rejectObservation';
  const takesNote = kind === 'close';
  const pending = accept.isPending || decline.isPending || close.isPending || decideObservation.isPending;

  const confirm = (text: string, { fail, done }: DialogOutcome) => {
    if (!kind) return;
    const handlers = {
      onSuccess: () => {
        notifySuccess(t(DECISION_DONE[kind]));
        done();
      },
      // A 400 stays in the dialog next to its field; a 409 (someone acted first) and any other failure
      // are told, and the request is read again either way.
      onError: (failure: Error) => {
        const message = fieldMessage(failure);
        if (message) return fail(message);
        notifyError(failure);
        done();
      },
    };
    if (kind === 'accept') return accept.mutate(undefined, handlers);
    if (kind === 'decline') {
      // The catalogue's own rule, in the reader's language, as the API would answer.
      const parsed = makeSrReasonSchema(translateMessage).safeParse({ reason: text });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
      return decline.mutate(parsed.data, handlers);
    }
    if (kind === 'close') {
      const parsed = makeSrCloseSchema(translateMessage).safeParse({ note: text.trim() || undefined });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
      return close.mutate({ note: parsed.data.note ?? undefined }, handlers);
    }
    const observationId = decision?.observation?._id;
    if (!observationId) return;
    const action = kind === 'acceptObservation' ? 'accept' : 'reject';
    const parsed = makeObservationDecisionSchema(translateMessage).safeParse(
      action === 'reject' ? { action, reason: text.trim() || undefined } : { action },
    );
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
    return decideObservation.mutate({ ...parsed.data, observationId }, handlers);
  };

  const params = { code: request.code, provider: request.provider.name, owner: request.owner.name };
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      pending={pending}
      field={
        kind && (needsReason || takesNote)
          ? {
              label: t(needsReason ? 'serviceRequests.field.reason' : 'serviceRequests.field.note'),
              description: t(`serviceRequests.${kind}.hint`),
              required: needsReason,
            }
          : null
      }
      title={kind ? t(`serviceRequests.${kind}.title`, params) : ''}
      message={kind ? t(`serviceRequests.${kind}.message`, params) : null}
      confirmLabel={kind ? t(`serviceRequests.${kind}.confirm`) : undefined}
      confirmColor={kind ? DECISION_COLORS[kind] : undefined}
    />
  );
}
