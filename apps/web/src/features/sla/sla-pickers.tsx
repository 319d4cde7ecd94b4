import { Loader, MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../components/data/list-toolbar';
import { type Option, useAssetOptions, useClusterOptions, useProviderOptions } from './sla-api';

type UseOptions = (search: string) => UseQueryResult<Option[]>;

/** The server filters; the dropdown shows what it answered. */
const serverFiltered: MultiSelectProps['filter'] = ({ options }) => options;

/**
 * Remembers the label of every option seen (and of the known ones, e.g. an SLA's current
 * targets), so a chosen item keeps its label after the search moves on.
 */
function useOptionLabels(known: Option[], fetched: Option[] | undefined) {
  const labels = useRef(new Map<string, string>());
  for (const option of [...known, ...(fetched ?? [])]) labels.current.set(option.value, option.label);
  return labels.current;
}

/** The typed search, sent after a pause; `shown` is text in the box that is not a search (the chosen item's label). */
function useRemoteOptions(useOptions: UseOptions, shown?: string) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useOptions(shown !== undefined && debounced === shown.trim() ? '' : debounced);
  return { search, setSearch, query };
}

interface RemoteMultiSelectProps extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: string[];
  onChange(value: string[]): void;
  known?: Option[];
  useOptions: UseOptions;
}

function RemoteMultiSelect({ value, onChange, known = [], useOptions, error, placeholder, ...props }: RemoteMultiSelectProps) {
  const { t } = useTranslation();
  const { search, setSearch, query } = useRemoteOptions(useOptions);
  const labels = useOptionLabels(known, query.data);
  const data = useMemo(() => {
    const chosen = value.map((id) => ({ value: id, label: labels.get(id) ?? id }));
    const more = (query.data ?? []).filter((option) => !value.includes(option.value));
    return [...chosen, ...more];
  }, [value, query.data, labels]);

  return (
    <MultiSelect
      {...props}
      // Once something is chosen the pills say enough; the hint would only be cut short beside them.
      placeholder={value.length === 0 ? placeholder : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      hidePickedOptions
      clearable
      maxDropdownHeight={260}
      nothingFoundMessage={query.isFetching ? t('sla.picker.loading') : t('sla.picker.nothingFound')}
      rightSection={query.isFetching ? <Loader size="xs" /> : undefined}
      error={error ?? (query.isError ? t('sla.picker.loadFailed') : undefined)}
    />
  );
}

export function AssetMultiSelect(props: Omit<RemoteMultiSelectProps, 'useOptions'>) {
  return <RemoteMultiSelect useOptions={useAssetOptions} {...props} />;
}

export function ClusterMultiSelect(props: Omit<RemoteMultiSelectProps, 'useOptions'>) {
  return <RemoteMultiSelect useOptions={useClusterOptions} {...props} />;
}

interface ProviderSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: string | null;
  onChange(value: string | null): void;
  known?: Option[];
}

/** An approved service provider (GET /v2/user/service-provider), searched by name on the server. */
export function ProviderSelect({ value, onChange, known = [], error, ...props }: ProviderSelectProps) {
  const { t } = useTranslation();
  const labels = useRef(new Map<string, string>());
  const { search, setSearch, query } = useRemoteOptions(useProviderOptions, value ? labels.current.get(value) : undefined);
  for (const option of [...known, ...(query.data ?? [])]) labels.current.set(option.value, option.label);
  const fetched = query.data;
  const data = useMemo(() => {
    const options = fetched ?? [];
    const chosen = value && !options.some((option) => option.value === value) ? [{ value, label: labels.current.get(value) ?? value }] : [];
    return [...chosen, ...options];
  }, [value, fetched]);

  return (
    <Select
      {...props}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered as SelectProps['filter']}
      maxDropdownHeight={260}
      nothingFoundMessage={query.isFetching ? t('sla.picker.loading') : t('sla.picker.nothingFound')}
      rightSection={query.isFetching ? <Loader size="xs" /> : undefined}
      error={error ?? (query.isError ? t('sla.picker.loadFailed') : undefined)}
    />
  );
}
