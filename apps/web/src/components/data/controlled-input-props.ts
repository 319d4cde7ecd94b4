import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

interface Controlled<V extends FieldValues, N extends FieldPath<V>> {
  field: ControllerRenderProps<V, N>;
  fieldState: ControllerFieldState;
}

/** A Controller's field wired to a Mantine input: its name, ref, value, change and blur, and its error message. */
export function controlledInputProps<V extends FieldValues, N extends FieldPath<V>>({ field, fieldState }: Controlled<V, N>) {
  return {
    name: field.name,
    ref: field.ref,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}
