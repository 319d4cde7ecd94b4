import { type MantineColor, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../data/confirm-modal';
import type { DialogOutcome } from './dialog-outcome';

/** The text a step asks for: a reason (decline, reject, hold, end), a note or a comment. */
export interface ReasonField {
  label: string;
  description?: string;
  required: boolean;
}

interface ReasonDialogProps {
  opened: boolean;
  onClose(): void;
  /** Runs the step with what was typed; a message without a field to sit by shows as an alert. */
  onConfirm(text: string, outcome: DialogOutcome): void;
  /** The step runs: the dialog cannot be dismissed. */
  pending: boolean;
  /** Null for a step with nothing to type. */
  field: ReasonField | null;
  title: string;
  message: string | null;
  confirmLabel?: string;
  confirmColor?: MantineColor;
}

/** Asks before a workflow step that cannot be undone, with the reason, note or comment the step needs typed in. */
export function ReasonDialog({ opened, onClose, onConfirm, pending, field, ...question }: ReasonDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = () => {
    setText('');
    setError(null);
    onClose();
  };

  return (
    <ConfirmModal
      opened={opened}
      onClose={done}
      onConfirm={() => onConfirm(text, { fail: setError, done })}
      loading={pending}
      {...question}
    >
      {field ? (
        <Textarea
          label={field.label}
          description={field.description}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required={field.required}
          autosize
          minRows={3}
          maxLength={1000}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
        />
      ) : error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
