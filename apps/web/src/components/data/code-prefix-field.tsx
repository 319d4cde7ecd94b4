import { Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CodeText } from '../code-text';

interface CodePrefixFieldProps {
  label: string;
  description: string;
  /** The text before the example code ("Codes will look like"). */
  exampleLabel: string;
  /** The prefix as typed, the saved one (shown while the field is empty), and the one used when both are empty. */
  prefix: string;
  savedPrefix: string;
  defaultPrefix: string;
  /** The field's registration: form.register('codePrefix'). */
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** The prefix of an organisation's record codes, upper-cased as typed, with the code it makes ("WO-000042"). */
export function CodePrefixField({
  label,
  description,
  exampleLabel,
  prefix,
  savedPrefix,
  defaultPrefix,
  registration,
  error,
}: CodePrefixFieldProps) {
  const example = `${(prefix || savedPrefix).trim().toUpperCase() || defaultPrefix}-000042`;
  // Codes are upper case: the field turns what is typed into capitals before the form takes it.
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const upper = event.target.value.toUpperCase();
    if (upper !== event.target.value) event.target.value = upper;
    return registration.onChange(event);
  };
  return (
    <>
      <TextInput
        label={label}
        description={description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        maxLength={8}
        autoCapitalize="characters"
        autoComplete="off"
        maw={360}
        {...registration}
        onChange={onChange}
        error={error}
      />
      <Text size="sm">
        {exampleLabel} <CodeText fw={600}>{example}</CodeText>
      </Text>
    </>
  );
}
