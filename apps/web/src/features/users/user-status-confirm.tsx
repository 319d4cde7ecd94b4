import { ConfirmModal } from '../../components/data/confirm-modal';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useTranslation } from '../../lib/i18n';
import { type StatusAction, type UserSummary, useChangeUserStatus } from './users-api';

export interface StatusChange {
  user: Pick<UserSummary, '_id' | 'firstName' | 'lastName'>;
  action: StatusAction;
}

/** Deactivation signs the user out everywhere, so both directions are confirmed first. */
export function UserStatusConfirm({ change, onClose }: { change: StatusChange | null; onClose(): void }) {
  const { t } = useTranslation();
  const mutation = useChangeUserStatus();
  const name = change ? `${change.user.firstName} ${change.user.lastName}` : '';
  const deactivate = change?.action === 'deactivate';

  const confirm = () => {
    if (!change) return;
    mutation.mutate(
      { id: change.user._id, action: change.action },
      {
        onSuccess: () => {
          notifySuccess(t(deactivate ? 'USER.DEACTIVATED' : 'USER.REACTIVATED'));
          onClose();
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  return (
    <ConfirmModal
      opened={change !== null}
      onClose={onClose}
      onConfirm={confirm}
      loading={mutation.isPending}
      title={t(deactivate ? 'users.deactivate.title' : 'users.reactivate.title', { name })}
      message={t(deactivate ? 'users.deactivate.message' : 'users.reactivate.message', { name })}
      confirmLabel={t(deactivate ? 'users.deactivate' : 'users.reactivate')}
      confirmColor={deactivate ? 'red' : 'teal'}
    />
  );
}
