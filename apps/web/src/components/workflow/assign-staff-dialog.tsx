import { Checkbox, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ConfirmModal } from '../data/confirm-modal';
import type { DialogOutcome } from './dialog-outcome';
import type { RequestOrOrderTexts } from './request-or-order-texts';

/** One of the provider's staff, as the dialog offers them. */
interface StaffOption {
  _id: string;
  name: string;
  role: string;
  /** Already assigned (assigning adds to those). */
  assigned: boolean;
}

interface AssignStaffDialogProps {
  opened: boolean;
  onClose(): void;
  /** Assigns the newly ticked staff. */
  onConfirm(users: string[], outcome: DialogOutcome): void;
  pending: boolean;
  /** The provider's staff as read (asked only while the dialog is open). */
  staff: { data?: StaffOption[]; isPending: boolean; isError: boolean };
  /** The request's or work order's code, for the title. */
  code: string;
  texts: RequestOrOrderTexts;
}

/** The provider picks staff to add to those already assigned to a request or a work order. */
export function AssignStaffDialog({ opened, onClose, onConfirm, pending, staff, code, texts }: AssignStaffDialogProps) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const done = () => {
    setUsers([]);
    setError(null);
    onClose();
  };

  return (
    <ConfirmModal
      opened={opened}
      onClose={done}
      onConfirm={() => onConfirm(users, { fail: setError, done })}
      loading={pending}
      title={t(`${texts}.assign.title`, { code })}
      message={t(`${texts}.assign.message`)}
      confirmLabel={t(`${texts}.assign.confirm`)}
    >
      <StaffChoice
        staff={staff}
        value={users}
        onChange={(value) => {
          setUsers(value);
          setError(null);
        }}
        error={error}
        texts={texts}
      />
    </ConfirmModal>
  );
}

interface StaffChoiceProps {
  staff: AssignStaffDialogProps['staff'];
  /** The ids newly ticked; those already assigned are not among them. */
  value: string[];
  onChange(value: string[]): void;
  error: string | null;
  texts: RequestOrOrderTexts;
}

/** The staff to tick, those already assigned ticked and fixed. */
function StaffChoice({ staff, value, onChange, error, texts }: StaffChoiceProps) {
  const { t } = useTranslation();
  if (staff.isPending) {
    return (
      <Stack gap="xs" aria-hidden>
        <Skeleton height={20} radius="sm" />
        <Skeleton height={20} radius="sm" />
        <Skeleton height={20} radius="sm" />
      </Stack>
    );
  }
  if (staff.isError) {
    return (
      <Text size="sm" c="red.8">
        {t('data.loadFailed')}
      </Text>
    );
  }
  const members = staff.data ?? [];
  const assigned = members.filter((member) => member.assigned).map((member) => member._id);
  return (
    // A list to tick rather than a dropdown: a provider's staff is a short list, and an open
    // dropdown would cover the dialog's buttons on a phone.
    <Checkbox.Group
      label={t(`${texts}.field.staff`)}
      required
      value={[...assigned, ...value]}
      onChange={(ticked) => onChange(ticked.filter((id) => !assigned.includes(id)))}
      error={error}
    >
      <ScrollArea.Autosize mah={300} type="auto" mt="xs">
        <Stack gap="sm" py={2}>
          {members.map((member) => (
            <Checkbox
              key={member._id}
              value={member._id}
              label={member.name}
              description={member.assigned ? `${member.role} · ${t(`${texts}.assign.assigned`)}` : member.role}
              disabled={member.assigned}
            />
          ))}
          {members.length === assigned.length ? (
            <Text size="sm" c="dimmed">
              {t(`${texts}.assign.nobody`)}
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    </Checkbox.Group>
  );
}
