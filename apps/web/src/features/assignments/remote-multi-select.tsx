import { Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface RemoteOption {
  value: string;
  label: string;
  /** A second, dimmed line in the dropdown (e.g. the cluster of an asset). */
  description?: string;
}

interface RemoteMultiSelectProps {
  label: string;
  placeholder: string;
  value: string[];
  onChange(value: string[]): void;
  /** The search as typed; the parent asks the API with it (debounced) and passes the answer as `options`. */
  search: string;
  onSearchChange(search: string): void;
  options: RemoteOption[];
  loading: boolean;
  /** Options already chosen elsewhere (e.g. a cluster the page was opened for), so their labels are known. */
  known?: RemoteOption[];
  error?: string;
  onBlur?(): void;
  description?: string;
}

/**
 * A multi-select whose options come from the API as one types: the API filters, not the browser,
 * so a large list is never loaded whole. Chosen items keep their labels when the search changes.
 */
export function RemoteMultiSelect({
  label,
  placeholder,
  value,
  onChange,
  search,
  onSearchChange,
  options,
  loading,
  known = [],
  error,
  onBlur,
  description,
}: RemoteMultiSelectProps) {
  const { t } = useTranslation();
  // Every option seen so far, so a chosen one keeps its label after the search moves on.
  const labels = useRef(new Map<string, RemoteOption>());

  const data = useMemo(() => {
    const byValue = new Map<string, RemoteOption>();
    for (const option of [...known, ...options]) labels.current.set(option.value, option);
    for (const id of value) {
      const option = labels.current.get(id);
      if (option) byValue.set(id, option);
    }
    for (const option of options) byValue.set(option.value, option);
    return [...byValue.values()].map(({ value: optionValue, label: optionLabel }) => ({ value: optionValue, label: optionLabel }));
  }, [known, options, value]);

  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length ? undefined : placeholder}
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={onSearchChange}
      // The API has already filtered by the search; the browser must not filter again by label only.
      filter={({ options: all }) => all}
      hidePickedOptions
      clearable
      maxDropdownHeight={280}
      nothingFoundMessage={loading ? t('assignments.picker.loading') : t('assignments.picker.nothingFound')}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      renderOption={({ option }) => {
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
      }}
      error={error}
    />
  );
}
