import { makeSrAssignSchema } from '@amp/contracts/service-request';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { AssignStaffDialog } from '../../components/workflow/assign-staff-dialog';
import type { DialogOutcome } from '../../components/workflow/dialog-outcome';
import { fieldMessage } from '../../components/workflow/field-message';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { type SrDetail, useServiceRequestStaff } from '../../lib/queries/service-requests';
import { useAssignServiceRequest } from './service-requests-api';

/** The provider picks staff to add to those already assigned. */
export function SrAssignDialog({ request, opened, onClose }: { request: SrDetail; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const staff = useServiceRequestStaff(request._id, { enabled: opened });
  const assign = useAssignServiceRequest(request._id);
  const confirm = (users: string[], { fail, done }: DialogOutcome) => {
    const parsed = makeSrAssignSchema(translateMessage).safeParse({ users });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
    assign.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('SR.ASSIGNED'));
        done();
      },
      onError: (failure) => {
        const message = fieldMessage(failure);
        if (message) return fail(message);
        notifyError(failure);
        done();
      },
    });
  };
  return (
    <AssignStaffDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      pending={assign.isPending}
      staff={staff}
      code={request.code}
      texts="serviceRequests"
    />
  );
}
