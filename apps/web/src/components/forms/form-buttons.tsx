import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

interface CancelSubmitButtonsProps {
  /** A save is running: cancel waits, submit spins. */
  pending: boolean;
  onCancel(): void;
  icon: ReactNode;
  label: string;
}

/** A form's foot: cancel, and the form's own submit button. */
export function CancelSubmitButtons({ pending, onCancel, icon, label }: CancelSubmitButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('data.cancel')}
      </Button>
      <Button type="submit" loading={pending} leftSection={icon}>
        {label}
      </Button>
    </Group>
  );
}
