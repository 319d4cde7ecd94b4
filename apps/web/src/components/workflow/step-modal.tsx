import { Modal, type ModalProps, ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useCompactLayout } from '../data/use-compact-layout';

interface StepModalProps {
  opened: boolean;
  onClose(): void;
  /** The step is running: the dialog stays until it answers. */
  pending: boolean;
  title: string;
  size: ModalProps['size'];
  children: ReactNode;
}

/** A step's form in a dialog: the whole screen on a phone, scrolling inside when it is taller than the window. */
export function StepModal({ opened, onClose, pending, title, size, children }: StepModalProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  return (
    <Modal
      opened={opened}
      onClose={pending ? () => {} : onClose}
      title={title}
      fullScreen={compact}
      size={size}
      closeButtonProps={{ 'aria-label': t('data.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {children}
    </Modal>
  );
}
