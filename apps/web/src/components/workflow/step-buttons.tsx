import { Button, Group, type MantineColor } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';

/** A step's button on a detail page: the dialog it opens, the action the record must allow, and its look. */
export interface StepButton<D extends string> {
  action: D;
  needs: string;
  icon: ReactNode;
  color?: MantineColor;
  variant?: string;
}

interface StepButtonsProps<D extends string> {
  /** The buttons in the order a reader meets them; those whose action the record does not allow are left out. */
  buttons: readonly StepButton<D>[];
  /** The actions the record allows the reader (`edit` shows the link to its form). */
  actions: readonly string[];
  /** Where the record's form is. */
  editTo: string;
  /** Where the document type keeps its buttons' words (`action.<action>`). */
  texts: 'workOrders' | 'purchaseOrders';
  onOpen(action: D): void;
  /** Links after the steps (a print view). */
  children?: ReactNode;
}

/** The edit link and the steps a record allows, across the foot of its header; nothing when there is nothing to do. */
export function StepButtons<D extends string>({ buttons, actions, editTo, texts, onOpen, children }: StepButtonsProps<D>) {
  const { t } = useTranslation();
  const allowed = buttons.filter((button) => actions.includes(button.needs));
  const editable = actions.includes('edit');
  if (allowed.length === 0 && !editable && !children) return null;
  return (
    <Group gap="sm" wrap="wrap" mt="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {editable ? (
        <Button component={Link} to={editTo} variant="default" leftSection={<IconEdit size={18} />}>
          {t(`${texts}.action.edit`)}
        </Button>
      ) : null}
      {allowed.map((button) => (
        <Button
          key={button.action}
          color={button.color}
          variant={button.variant ?? 'filled'}
          leftSection={button.icon}
          onClick={() => onOpen(button.action)}
        >
          {t(`${texts}.action.${button.action}`)}
        </Button>
      ))}
      {children}
    </Group>
  );
}
