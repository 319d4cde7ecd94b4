import { SR_PRIORITIES, type SrPriority } from '@amp/contracts/service-request';
import { Input, SegmentedControl, TextInput } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { PRIORITY_COLORS } from './priority-badge';

/**
 * The fields a work order is raised with, from a fault or from an observation: its title, its
 * priority and its due date.
 */

interface TextFieldProps {
  label: string;
  description?: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** The title, up to the contract's 150 characters; its hint under the box. */
export function WorkOrderTitleInput({ label, description, value, onChange, error }: TextFieldProps) {
  return (
    <TextInput
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      maxLength={150}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

interface PriorityPickerProps {
  label: string;
  value: SrPriority;
  onChange(value: SrPriority): void;
  error?: string;
  withAsterisk?: boolean;
}

/** The four priorities side by side, the chosen one in its colour. */
export function PriorityPicker({ label, value, onChange, error, withAsterisk }: PriorityPickerProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} withAsterisk={withAsterisk} error={error}>
      <SegmentedControl
        mt={4}
        fullWidth
        value={value}
        onChange={(next) => onChange(next as SrPriority)}
        color={PRIORITY_COLORS[value]}
        data={SR_PRIORITIES.map((priority) => ({ value: priority, label: t(`serviceRequests.priority.${priority}`) }))}
      />
    </Input.Wrapper>
  );
}

/** Today in the reader's time zone, as YYYY-MM-DD (the earliest due date offered). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The due date: a calendar day from today on, or none (empty). */
export function DueDateInput({ label, description, value, onChange, error }: TextFieldProps) {
  return (
    <TextInput
      type="date"
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      min={today()}
      maw={240}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
