import type { FaultSummary } from '@amp/contracts/fault';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { type RemoteOption, serverSearchProps } from '../../components/data/remote-multi-select';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useAssetSearch } from '../../lib/queries/assets';
import { useClusterSearch } from '../../lib/queries/clusters';
import { useReportableAssets, useReportableClusters } from '../../lib/queries/faults';

interface PlaceFilterProps {
  kind: 'cluster' | 'asset';
  value: string | null;
  onChange(value: string | null): void;
  /** The rows on screen: a chosen cluster or asset keeps its name even when no search lists it (an asset page's link). */
  rows: readonly FaultSummary[];
}

const labelOf = (item: { name: string; clusterID?: string; assetID?: string }) => `${item.name} (${item.clusterID ?? item.assetID})`;

/**
 * The cluster or asset filter of the fault list, searching on the server as one types. The owner
 * searches its own clusters and assets; a provider or technician (who cannot read those lists)
 * the clusters and assets it may report on. Without either permission there is no filter.
 */
export function PlaceFilter({ kind, value, onChange, rows }: PlaceFilterProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const source = can('viewAsset') ? 'owner' : can('manageAssetFault') ? 'reportable' : null;
  const [search, setSearch] = useState('');
  // Every label seen so far, so a chosen item keeps its name after the search moves on.
  const labels = useRef(new Map<string, string>()).current;
  // While the box shows the chosen item's label, that label is not a search.
  const [debounced] = useDebouncedValue(value && search === labels.get(value) ? '' : search, 300);

  const queries = {
    cluster: {
      owner: useClusterSearch(debounced, { enabled: kind === 'cluster' && source === 'owner' }),
      reportable: useReportableClusters(debounced, { enabled: kind === 'cluster' && source === 'reportable' }),
    },
    asset: {
      owner: useAssetSearch(debounced, { enabled: kind === 'asset' && source === 'owner' }),
      reportable: useReportableAssets(debounced, { enabled: kind === 'asset' && source === 'reportable' }),
    },
  };
  const query = source ? queries[kind][source] : null;
  const found = query?.data?.data;

  const data = useMemo(() => {
    const options: RemoteOption[] = (found ?? []).map((item) => ({ value: item._id, label: labelOf(item) }));
    for (const row of rows) {
      const item = kind === 'cluster' ? row.cluster : row.asset;
      if (item) labels.set(item._id, labelOf(item));
    }
    for (const option of options) labels.set(option.value, option.label);
    const chosen = value && !options.some((option) => option.value === value) ? [{ value, label: labels.get(value) ?? '…' }] : [];
    return [...chosen, ...options];
  }, [found, rows, kind, value, labels]);

  if (!source) return null;
  return (
    <Select
      aria-label={t(`faults.filter.${kind}`)}
      placeholder={t(kind === 'cluster' ? 'faults.filter.allClusters' : 'faults.filter.allAssets')}
      clearable
      w={{ base: '100%', xs: 220 }}
      data={data}
      value={value}
      onChange={(next) => {
        setSearch('');
        onChange(next);
      }}
      {...serverSearchProps({
        search,
        onSearchChange: setSearch,
        loading: query?.isFetching ?? false,
        loadingMessage: t('faults.filter.loading'),
        nothingFoundMessage: t('faults.filter.nothingFound'),
      })}
    />
  );
}
