import type { ClusterRef } from '@amp/contracts/asset';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useCluster, useClusterSearch } from '../../lib/queries/clusters';

interface ClusterSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: string | null;
  onChange(value: string | null): void;
  /** The chosen cluster when already known (an asset's own), so its name shows without a look-up. */
  selected?: ClusterRef | null;
}

const labelOf = (cluster: ClusterRef) => `${cluster.name} (${cluster.clusterID})`;

/**
 * A cluster picker over the owner's clusters. It asks the API as one types (an owner may have
 * hundreds), and keeps the chosen cluster in its options even when a search leaves it out.
 */
export function ClusterSelect({ value, onChange, selected, ...props }: ClusterSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const options = useClusterSearch('');
  const listed = options.data?.data ?? [];
  const known = selected?._id === value ? selected : listed.find((cluster) => cluster._id === value);
  // A cluster chosen earlier but outside the first page (an old link): read it once.
  const chosen = useCluster(value && !known ? value : null);
  const current = known ?? (chosen.data && chosen.data._id === value ? chosen.data : undefined);

  // While the box shows the chosen cluster's label, that label is not a search.
  const typed = current && search === labelOf(current) ? '' : search;
  const [debounced] = useDebouncedValue(typed, 300);
  const searched = useClusterSearch(debounced);
  const found = debounced ? (searched.data?.data ?? []) : listed;

  const data = useMemo(() => {
    const byId = new Map<string, ClusterRef>();
    if (current) byId.set(current._id, current);
    for (const cluster of found) byId.set(cluster._id, cluster);
    return [...byId.values()].map((cluster) => ({ value: cluster._id, label: labelOf(cluster) }));
  }, [current, found]);

  return (
    <Select
      searchable
      clearable
      {...props}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isPending || searched.isFetching ? t('assets.cluster.loading') : t('assets.cluster.none')}
    />
  );
}
