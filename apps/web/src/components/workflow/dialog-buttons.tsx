import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

interface DialogButtonsProps {
  pending: boolean;
  /** Nothing to confirm (no line left to deliver, say). */
  disabled?: boolean;
  onCancel(): void;
  onConfirm(): void;
  label: ReactNode;
}

/** A step dialog's foot: cancel, and the step itself (loading while it runs). */
export function DialogButtons({ pending, disabled = false, onCancel, onConfirm, label }: DialogButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('data.cancel')}
      </Button>
      <Button color="teal" onClick={onConfirm} loading={pending} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
