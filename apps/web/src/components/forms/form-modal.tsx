import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

interface FormModalProps {
  opened: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
}

/** A record's add or edit form in a dialog over its page. */
export function FormModal({ opened, onClose, title, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered closeButtonProps={{ 'aria-label': t('data.close') }}>
      {children}
    </Modal>
  );
}
