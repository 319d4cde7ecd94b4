import { Button, Group, type MantineColor, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

interface ConfirmModalProps {
  opened: boolean;
  onClose(): void;
  onConfirm(): void;
  title: ReactNode;
  /** The question or consequence, in a sentence. */
  message?: ReactNode;
  /** Extra inputs the decision needs (e.g. an account type). */
  children?: ReactNode;
  /** Defaults to "Confirm". */
  confirmLabel?: string;
  confirmColor?: MantineColor;
  loading?: boolean;
}

/** Asks before an action that is hard to undo. The modal stays open while the action runs. */
export function ConfirmModal({
  opened,
  onClose,
  onConfirm,
  title,
  message,
  children,
  confirmLabel,
  confirmColor,
  loading,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('data.close') }}
    >
      <Stack gap="md">
        {message ? <Text size="sm">{message}</Text> : null}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('data.cancel')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel ?? t('data.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
