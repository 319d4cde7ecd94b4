import { SR_PRIORITIES, type SrPriority } from '@amp/contracts/service-request';
import { Input, type MantineColor, SegmentedControl } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
import { FULL_ROW } from './form-section';
import type { RequestFormTexts } from './request-form-texts';

/** A request's priority, as segments across the section, coloured as its badge. */
export function PriorityField<T extends { priority: SrPriority | '' }>({
  form: typedForm,
  texts,
  colors,
}: {
  form: UseFormReturn<T>;
  texts: RequestFormTexts;
  colors: Record<SrPriority, MantineColor>;
}) {
  // react-hook-form cannot name the paths of a generic form: this field only touches `priority`.
  const form = typedForm as unknown as UseFormReturn<{ priority: SrPriority | '' }>;
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name="priority"
      render={({ field, fieldState }) => (
        <Input.Wrapper label={t(`${texts.field}.priority`)} withAsterisk error={fieldState.error?.message} style={FULL_ROW}>
          <SegmentedControl
            mt={4}
            fullWidth
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            color={colors[field.value as SrPriority] ?? 'blue'}
            data={SR_PRIORITIES.map((priority) => ({ value: priority, label: t(`${texts.priority}.${priority}`) }))}
          />
        </Input.Wrapper>
      )}
    />
  );
}
