import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { OrderLineTexts } from './cost-lines-editor';

interface DraftSubmitButtonsProps {
  /** Where the document keeps the buttons' words (`form.saveDraft`, `form.submit`). */
  texts: OrderLineTexts;
  /** Where cancel goes back to. */
  cancelTo: string;
  /** A save is running. */
  pending: boolean;
  /** The running save submits (its button spins, the other waits). */
  submitting: boolean;
  onSaveDraft(): void;
  /** The total is above the highest approval level: it cannot be submitted. */
  blocked: boolean;
}

/** A form's foot: cancel, save as a draft, and submit (the form's own submit button). */
export function DraftSubmitButtons({ texts, cancelTo, pending, submitting, onSaveDraft, blocked }: DraftSubmitButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to={cancelTo} disabled={pending}>
        {t('data.cancel')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconDeviceFloppy size={18} />}
        loading={pending && !submitting}
        disabled={pending && submitting}
        onClick={onSaveDraft}
      >
        {t(`${texts}.form.saveDraft`)}
      </Button>
      <Button
        type="submit"
        leftSection={<IconSend size={18} />}
        loading={pending && submitting}
        disabled={(pending && !submitting) || blocked}
      >
        {t(`${texts}.form.submit`)}
      </Button>
    </Group>
  );
}
