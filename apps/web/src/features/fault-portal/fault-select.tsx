import { type SelectProps, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type Ref, useEffect, useRef, useState } from 'react';

type SelectComponent = typeof import('./fault-select-combobox').Select;

// Mantine's Select (a combobox: a popover with floating-ui, a scroll area and a focus trap, about
// 30 KB compressed) is fetched when the form is first used, not with the page: the public portal is
// opened from a QR code on a phone (docs/decisions/0013-compressed-static-and-cache.md). Until then
// each select is a read-only input showing the chosen option, which fetches it when focused or touched.
let loaded: SelectComponent | null = null;
let loading: Promise<SelectComponent> | undefined;
const waiting = new Set<(select: SelectComponent) => void>();

export function preloadFaultSelect(): Promise<SelectComponent> {
  loading ??= import('./fault-select-combobox').then(
    (module) => {
      loaded = module.Select;
      for (const ready of waiting) ready(module.Select);
      return module.Select;
    },
    (error: unknown) => {
      loading = undefined; // tried again on the next use
      throw error;
    },
  );
  return loading;
}

export interface FaultSelectProps extends Omit<SelectProps, 'data' | 'ref'> {
  data: (string | { value: string; label: string })[];
  ref?: Ref<HTMLInputElement>;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

function labelOf(data: FaultSelectProps['data'], value: string | null | undefined): string {
  for (const option of data) {
    if (typeof option === 'string' ? option === value : option.value === value) return typeof option === 'string' ? option : option.label;
  }
  return '';
}

/** Mantine's Select, fetched on first use (the props are the Select's). */
export function FaultSelect({ ref, ...props }: FaultSelectProps) {
  const [Select, setSelect] = useState<SelectComponent | null>(() => loaded);
  const placeholderInput = useRef<HTMLInputElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  // The placeholder had the focus when the Select arrived: the Select takes it (and opens).
  const refocus = useRef(false);
  const swapping = useRef(false);

  useEffect(() => {
    if (Select) return;
    const ready = (select: SelectComponent) => {
      swapping.current = true;
      refocus.current = placeholderInput.current !== null && document.activeElement === placeholderInput.current;
      setSelect(() => select);
    };
    waiting.add(ready);
    return () => {
      waiting.delete(ready);
    };
  }, [Select]);

  useEffect(() => {
    if (Select && refocus.current) {
      refocus.current = false;
      input.current?.focus();
    }
  }, [Select]);

  if (Select) {
    return (
      <Select
        {...props}
        ref={(element: HTMLInputElement | null) => {
          input.current = element;
          setRef(ref, element);
        }}
      />
    );
  }

  const { label, placeholder, withAsterisk, error, disabled, rightSection, style, className, value, data, onBlur } = props;
  return (
    <TextInput
      ref={(element: HTMLInputElement | null) => {
        placeholderInput.current = element;
        setRef(ref, element);
      }}
      label={label}
      placeholder={placeholder}
      withAsterisk={withAsterisk}
      error={error}
      disabled={disabled}
      style={style}
      className={className}
      readOnly
      value={labelOf(data, value)}
      rightSection={rightSection ?? <IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      onPointerDown={() => void preloadFaultSelect().catch(() => undefined)}
      onFocus={() => void preloadFaultSelect().catch(() => undefined)}
      onBlur={(event) => {
        if (!swapping.current) onBlur?.(event);
      }}
    />
  );
}
