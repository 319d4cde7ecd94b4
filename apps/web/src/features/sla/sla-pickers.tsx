import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../components/data/list-toolbar';
import { RemoteMultiSelect, type RemoteMultiSelectProps, serverSearchProps } from '../../components/data/remote-multi-select';
import { useTranslation } from '../../lib/i18n';
import { type Option, useAssetOptions, useClusterOptions, useProviderOptions } from './sla-api';

type UseOptions = (search: string) => UseQueryResult<Option[]>;

const NO_OPTIONS: Option[] = [];

/** The typed search, sent after a pause; `shown` is text in the box that is not a search (the chosen item's label). */
function useRemoteOptions(useOptions: UseOptions, shown?: string) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useOptions(shown !== undefined && debounced === shown.trim() ? '' : debounced);
  return { search, setSearch, query };
}

type SlaMultiSelectProps = Omit<
  RemoteMultiSelectProps,
  'search' | 'onSearchChange' | 'options' | 'loading' | 'loadingMessage' | 'nothingFoundMessage'
>;

function SlaMultiSelect({ useOptions, error, ...props }: SlaMultiSelectProps & { useOptions: UseOptions }) {
  const { t } = useTranslation();
  const { search, setSearch, query } = useRemoteOptions(useOptions);
  return (
    <RemoteMultiSelect
      maxDropdownHeight={260}
      {...props}
      search={search}
      onSearchChange={setSearch}
      options={query.data ?? NO_OPTIONS}
      loading={query.isFetching}
      loadingMessage={t('sla.picker.loading')}
      nothingFoundMessage={t('sla.picker.nothingFound')}
      error={error ?? (query.isError ? t('sla.picker.loadFailed') : undefined)}
    />
  );
}

export function AssetMultiSelect(props: SlaMultiSelectProps) {
  return <SlaMultiSelect useOptions={useAssetOptions} {...props} />;
}

export function ClusterMultiSelect(props: SlaMultiSelectProps) {
  return <SlaMultiSelect useOptions={useClusterOptions} {...props} />;
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
      {...serverSearchProps({
        search,
        onSearchChange: setSearch,
        loading: query.isFetching,
        loadingMessage: t('sla.picker.loading'),
        nothingFoundMessage: t('sla.picker.nothingFound'),
      })}
      maxDropdownHeight={260}
      error={error ?? (query.isError ? t('sla.picker.loadFailed') : undefined)}
    />
  );
}
