import { makeAssignSchema } from '@amp/contracts/assignment';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Drawer, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconUserShare } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SEARCH_DEBOUNCE_MS } from '../../components/data/list-toolbar';
import { RemoteMultiSelect, type RemoteOption, serverSearchProps } from '../../components/data/remote-multi-select';
import { applyServerErrors } from '../../components/data/server-errors';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useAssetSearch } from '../../lib/queries/assets';
import { useClusterSearch } from '../../lib/queries/clusters';
import { useServiceProviders } from '../../lib/queries/providers';
import { useKindLabel } from './assignment-parts';
import { type Cluster, useAssign } from './assignments-api';

const FIELDS = ['providerId', 'assetIds', 'clusterIds'];

interface AssignDrawerProps {
  opened: boolean;
  onClose(): void;
  /** A cluster to start with (the cluster page's "Assign to provider"). */
  cluster?: Cluster;
}

/** The owner gives assets and whole clusters to a provider organisation. */
export function AssignDrawer({ opened, onClose, cluster }: AssignDrawerProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={compact ? '100%' : 'lg'}
      title={<Text fw={600}>{t('assignments.assign.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('data.close') }}
    >
      {/* Mounted only while open, so each opening starts with an empty form. */}
      {opened ? <AssignForm cluster={cluster} onDone={onClose} /> : null}
    </Drawer>
  );
}

function AssignForm({ cluster, onDone }: { cluster?: Cluster; onDone(): void }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const schema = useMemo(() => makeAssignSchema(translateMessage), []);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { providerId: '', clusterIds: cluster ? [cluster._id] : [], assetIds: [] },
  });
  const { errors } = form.formState;
  const assign = useAssign();

  const [providerSearch, setProviderSearch] = useState('');
  const [clusterSearch, setClusterSearch] = useState('');
  const [assetSearch, setAssetSearch] = useState('');
  const [providerQuery] = useDebouncedValue(providerSearch, SEARCH_DEBOUNCE_MS);
  const [clusterQuery] = useDebouncedValue(clusterSearch, SEARCH_DEBOUNCE_MS);
  const [assetQuery] = useDebouncedValue(assetSearch, SEARCH_DEBOUNCE_MS);
  const providers = useServiceProviders(providerQuery);
  const clusters = useClusterSearch(clusterQuery);
  const assets = useAssetSearch(assetQuery);

  const providerOptions = useMemo(
    () =>
      (providers.data?.data ?? []).map((provider) => ({
        value: provider._id,
        label: provider.name,
        description: [kindLabel(provider.kind), provider.lga, provider.state?.state].filter(Boolean).join(' · '),
      })),
    [providers.data, kindLabel],
  );
  const clusterOptions = useMemo<RemoteOption[]>(
    () =>
      (clusters.data?.data ?? []).map((c) => ({
        value: c._id,
        label: `${c.name} (${c.clusterID})`,
        description: t('assignments.picker.clusterLine', { count: c.assetCount }),
      })),
    [clusters.data, t],
  );
  const knownClusters = useMemo<RemoteOption[]>(
    () => (cluster ? [{ value: cluster._id, label: `${cluster.name} (${cluster.clusterID})` }] : []),
    [cluster],
  );
  const assetOptions = useMemo<RemoteOption[]>(
    () =>
      (assets.data?.data ?? []).map((a) => ({
        value: a._id,
        label: `${a.name} (${a.assetID})`,
        description: a.cluster ? t('assignments.picker.inCluster', { cluster: `${a.cluster.name} (${a.cluster.clusterID})` }) : undefined,
      })),
    [assets.data, t],
  );

  const submit = form.handleSubmit((input) =>
    assign.mutateAsync(input).then(
      (result) => {
        notifications.show({
          color: 'teal',
          title: t('ASSIGNMENT.ASSIGNED'),
          message: t('assignments.assign.result', { assets: result.assets, clusters: result.clusters }),
        });
        onDone();
      },
      // `assetIds.0` and the like belong to the picker of the list.
      (error) => applyServerErrors(error, form.setError, FIELDS, (path) => path.split('.')[0]),
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('assignments.assign.intro')}
        </Text>
        <Controller
          control={form.control}
          name="providerId"
          render={({ field }) => (
            <Select
              label={t('assignments.field.provider')}
              placeholder={t('assignments.field.providerPlaceholder')}
              withAsterisk
              {...serverSearchProps({
                search: providerSearch,
                onSearchChange: setProviderSearch,
                loading: providers.isFetching,
                loadingMessage: t('assignments.picker.loading'),
                nothingFoundMessage: t('assignments.picker.nothingFound'),
              })}
              data={providerOptions.map(({ value, label }) => ({ value, label }))}
              renderOption={({ option }) => (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    {providerOptions.find((p) => p.value === option.value)?.description}
                  </Text>
                </Stack>
              )}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.providerId?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="clusterIds"
          render={({ field }) => (
            <RemoteMultiSelect
              label={t('assignments.field.clusters')}
              description={t('assignments.field.clustersHint')}
              placeholder={t('assignments.field.clustersPlaceholder')}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              search={clusterSearch}
              onSearchChange={setClusterSearch}
              options={clusterOptions}
              known={knownClusters}
              loading={clusters.isFetching}
              loadingMessage={t('assignments.picker.loading')}
              nothingFoundMessage={t('assignments.picker.nothingFound')}
              withDescriptions
              error={errors.clusterIds?.message ?? errors.clusterIds?.[0]?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="assetIds"
          render={({ field }) => (
            <RemoteMultiSelect
              label={t('assignments.field.assets')}
              description={t('assignments.field.assetsHint')}
              placeholder={t('assignments.field.assetsPlaceholder')}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              search={assetSearch}
              onSearchChange={setAssetSearch}
              options={assetOptions}
              loading={assets.isFetching}
              loadingMessage={t('assignments.picker.loading')}
              nothingFoundMessage={t('assignments.picker.nothingFound')}
              withDescriptions
              error={errors.assetIds?.message ?? errors.assetIds?.[0]?.message}
            />
          )}
        />
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          {t('assignments.assign.rule')}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={assign.isPending}>
            {t('data.cancel')}
          </Button>
          <Button type="submit" loading={assign.isPending} leftSection={<IconUserShare size={18} />}>
            {t('assignments.assign.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
