import { TextInput, type TextInputProps } from '@mantine/core';
import type { InputBinding } from './input-binding';

/** A price in naira as typed (the API converts it to kobo): decimals, behind the naira sign. */
export function NairaInput(props: InputBinding<TextInputProps>) {
  return <TextInput inputMode="decimal" leftSection="₦" placeholder="0.00" {...props} />;
}
