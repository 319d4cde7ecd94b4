import { Loader, MultiSelect, type MultiSelectProps, type OptionsFilter, Stack, Text } from '@mantine/core';
import { useMemo, useRef } from 'react';

export interface RemoteOption {
  value: string;
  label: string;
  /** A second, dimmed line in the dropdown (e.g. the cluster of an asset); shown with `withDescriptions`. */
  description?: string;
}

export interface RemoteMultiSelectProps
  extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'nothingFoundMessage'> {
  value: string[];
  onChange(value: string[]): void;
  /** The search as typed; the parent asks the API with it (debounced) and passes the answer as `options`. */
  search: string;
  onSearchChange(search: string): void;
  options: RemoteOption[];
  /** True while the API is asked: a spinner shows and the dropdown says `loadingMessage`. */
  loading: boolean;
  loadingMessage: string;
  nothingFoundMessage: string;
  /** Options already chosen elsewhere (e.g. an SLA's current targets), so their labels are known. */
  known?: RemoteOption[];
  /** Each option in the dropdown over its `description`. */
  withDescriptions?: boolean;
}

const NONE: RemoteOption[] = [];

/** The API has already filtered by the search; the browser must not filter again by label only. */
const serverFiltered: OptionsFilter = ({ options }) => options;

interface ServerSearch {
  search: string;
  onSearchChange(search: string): void;
  loading: boolean;
  loadingMessage: string;
  nothingFoundMessage: string;
}

/** The props that make a Select or a MultiSelect search on the server: its search box, no filtering by the browser, a spinner while asked. */
export function serverSearchProps({ search, onSearchChange, loading, loadingMessage, nothingFoundMessage }: ServerSearch) {
  return {
    searchable: true,
    searchValue: search,
    onSearchChange,
    filter: serverFiltered,
    nothingFoundMessage: loading ? loadingMessage : nothingFoundMessage,
    rightSection: loading ? <Loader size="xs" /> : undefined,
  };
}

/**
 * A multi-select whose options come from the API as one types: the API filters, not the browser,
 * so a large list is never loaded whole. Chosen items keep their labels when the search changes.
 */
export function RemoteMultiSelect({
  value,
  onChange,
  search,
  onSearchChange,
  options,
  loading,
  loadingMessage,
  nothingFoundMessage,
  known = NONE,
  withDescriptions = false,
  placeholder,
  ...props
}: RemoteMultiSelectProps) {
  // Every option seen so far, so a chosen one keeps its label after the search moves on.
  const labels = useRef(new Map<string, RemoteOption>());
  const data = useMemo(() => {
    for (const option of [...known, ...options]) labels.current.set(option.value, option);
    const chosen = value.map((id) => ({ value: id, label: labels.current.get(id)?.label ?? id }));
    const more = options.filter((option) => !value.includes(option.value)).map(({ value: id, label }) => ({ value: id, label }));
    return [...chosen, ...more];
  }, [known, options, value]);

  return (
    <MultiSelect
      maxDropdownHeight={280}
      {...props}
      // Once something is chosen the pills say enough; the hint would only be cut short beside them.
      placeholder={value.length === 0 ? placeholder : undefined}
      data={data}
      value={value}
      onChange={onChange}
      {...serverSearchProps({ search, onSearchChange, loading, loadingMessage, nothingFoundMessage })}
      hidePickedOptions
      clearable
      renderOption={
        withDescriptions
          ? ({ option }) => {
              const descriptionLine = labels.current.get(option.value)?.description;
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {descriptionLine ? (
                    <Text size="xs" c="dimmed">
                      {descriptionLine}
                    </Text>
                  ) : null}
                </Stack>
              );
            }
          : undefined
      }
    />
  );
}
