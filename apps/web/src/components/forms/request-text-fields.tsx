import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { FULL_ROW } from './form-section';
import type { InputBinding } from './input-binding';
import type { RequestFormTexts } from './request-form-texts';

/** A request's title and what it asks for, each across a two-column section. */
export function RequestTextFields({
  texts,
  title,
  description,
}: {
  texts: RequestFormTexts;
  title: InputBinding<TextInputProps>;
  description: InputBinding<TextareaProps, HTMLTextAreaElement>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t(`${texts.field}.title`)}
        withAsterisk
        placeholder={t(`${texts.form}.titlePlaceholder`)}
        maxLength={150}
        style={FULL_ROW}
        {...title}
      />
      <Textarea
        label={t(`${texts.field}.description`)}
        withAsterisk
        placeholder={t(`${texts.form}.descriptionPlaceholder`)}
        style={FULL_ROW}
        autosize
        minRows={4}
        maxRows={12}
        {...description}
      />
    </>
  );
}
