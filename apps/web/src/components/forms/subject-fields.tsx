import type { Asset, Cluster } from '@amp/contracts/asset';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, type FieldValues, type ResolverResult, type UseFormReturn } from 'react-hook-form';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useCluster, useClusterSearch } from '../../lib/queries/clusters';
import { serverSearchProps } from '../data/remote-multi-select';
import { useOwnerAsset, useOwnerAssets } from './owner-assets-api';
import type { RequestFormTexts } from './request-form-texts';

/** What an owner's request is about: an asset (with its cluster), or a cluster alone for the whole cluster. */
export interface SubjectValues {
  asset: string | null;
  cluster: string | null;
}

/**
 * The contracts name a missing asset only once the rest of the request is valid; the form says it at
 * once, with the other messages.
 */
export function withMissingSubject<T extends FieldValues>(values: SubjectValues, result: ResolverResult<T>): ResolverResult<T> {
  if (values.asset || values.cluster || Object.keys(result.errors).length === 0 || result.errors.asset) return result;
  const errors = {
    ...result.errors,
    asset: { type: 'required', message: translateMessage('VALIDATION.REQUIRED', { field: 'Asset' }) },
  } as FieldErrors<T>;
  return { values: {}, errors };
}

const clusterLabel = (cluster: Pick<Cluster, 'name' | 'clusterID'>) => `${cluster.name} (${cluster.clusterID})`;
const assetLabel = (asset: Pick<Asset, 'name' | 'assetID'>) => `${asset.name} (${asset.assetID})`;

interface SubjectFieldsProps<T extends SubjectValues> {
  form: UseFormReturn<T>;
  texts: RequestFormTexts;
  /** The ?asset= and ?cluster= the form was opened with: one that is not the owner's is let go. */
  initialAssetId: string | null;
  initialClusterId: string | null;
}

/**
 * The cluster and the asset, as on the fault form: the cluster narrows the assets; an asset brings
 * its cluster. A cluster alone makes the request about the whole cluster.
 */
export function SubjectFields<T extends SubjectValues>({
  form: typedForm,
  texts,
  initialAssetId,
  initialClusterId,
}: SubjectFieldsProps<T>) {
  // react-hook-form cannot name the paths of a generic form: these fields only touch SubjectValues.
  const form = typedForm as unknown as UseFormReturn<SubjectValues>;
  const { t } = useTranslation();
  const [asset, cluster] = form.watch(['asset', 'cluster']);
  const { errors } = form.formState;

  // Clusters: the owner's, searched on the server; a chosen one keeps its label.
  const [clusterSearch, setClusterSearch] = useState('');
  const knownClusters = useRef(new Map<string, Cluster>());
  const chosenCluster = cluster ? knownClusters.current.get(cluster) : undefined;
  const clusterTyped = chosenCluster && clusterSearch === clusterLabel(chosenCluster) ? '' : clusterSearch;
  const [clusterQuery] = useDebouncedValue(clusterTyped, 300);
  const clusters = useClusterSearch(clusterQuery);
  const linkedCluster = useCluster(cluster && !chosenCluster ? cluster : null);
  for (const found of clusters.data?.data ?? []) knownClusters.current.set(found._id, found);
  if (linkedCluster.data) knownClusters.current.set(linkedCluster.data._id, linkedCluster.data);

  // Assets: the owner's, of the chosen cluster, searched on the server.
  const [assetSearch, setAssetSearch] = useState('');
  const knownAssets = useRef(new Map<string, Asset>());
  const chosenAsset = asset ? knownAssets.current.get(asset) : undefined;
  const assetTyped = chosenAsset && assetSearch === assetLabel(chosenAsset) ? '' : assetSearch;
  const [assetQuery] = useDebouncedValue(assetTyped, 300);
  const assets = useOwnerAssets(cluster, assetQuery);
  const linkedAsset = useOwnerAsset(initialAssetId);
  for (const found of assets.data?.data ?? []) knownAssets.current.set(found._id, found);
  if (linkedAsset.data) knownAssets.current.set(linkedAsset.data._id, linkedAsset.data);

  // A linked asset (?asset=) brings its cluster.
  const linked = linkedAsset.data;
  useEffect(() => {
    if (linked?.cluster && form.getValues('asset') === linked._id && !form.getValues('cluster')) {
      knownClusters.current.set(linked.cluster._id, linked.cluster as Cluster);
      form.setValue('cluster', linked.cluster._id);
    }
  }, [linked, form]);
  // A link to something that is not the owner's: nothing is chosen.
  useEffect(() => {
    if (linkedAsset.isError && form.getValues('asset') === initialAssetId) form.setValue('asset', null);
  }, [linkedAsset.isError, initialAssetId, form]);
  useEffect(() => {
    if (linkedCluster.isError && form.getValues('cluster') === initialClusterId) form.setValue('cluster', null);
  }, [linkedCluster.isError, initialClusterId, form]);

  const clusterOptions = useMemo(() => {
    const list = clusters.data?.data ?? [];
    const options = list.map((c) => ({ value: c._id, label: clusterLabel(c) }));
    if (chosenCluster && !list.some((c) => c._id === chosenCluster._id))
      options.unshift({ value: chosenCluster._id, label: clusterLabel(chosenCluster) });
    return options;
  }, [clusters.data, chosenCluster]);

  const assetOptions = useMemo(() => {
    const list = assets.data?.data ?? [];
    const options = list.map((a) => ({ value: a._id, label: assetLabel(a) }));
    if (chosenAsset && !list.some((a) => a._id === chosenAsset._id))
      options.unshift({ value: chosenAsset._id, label: assetLabel(chosenAsset) });
    return options;
  }, [assets.data, chosenAsset]);

  const validateTarget = () => {
    if (form.formState.isSubmitted || form.getFieldState('asset').isTouched) void form.trigger('asset');
  };

  return (
    <>
      <Controller
        control={form.control}
        name="cluster"
        render={({ field, fieldState }) => (
          <Select
            label={t(`${texts.field}.cluster`)}
            placeholder={t(`${texts.form}.chooseCluster`)}
            clearable
            name={field.name}
            ref={field.ref}
            data={clusterOptions}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              setClusterSearch('');
              // An asset of another cluster no longer fits.
              const current = form.getValues('asset');
              const chosen = current ? knownAssets.current.get(current) : undefined;
              if (value && chosen && chosen.cluster?._id !== value) form.setValue('asset', null);
              validateTarget();
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            {...serverSearchProps({
              search: clusterSearch,
              onSearchChange: setClusterSearch,
              loading: clusters.isFetching,
              loadingMessage: t('common.loading'),
              nothingFoundMessage: t(`${texts.form}.noCluster`),
            })}
          />
        )}
      />
      <Controller
        control={form.control}
        name="asset"
        render={({ field }) => (
          <Select
            label={t(`${texts.field}.asset`)}
            placeholder={cluster ? t(`${texts.form}.wholeCluster`) : t(`${texts.form}.chooseAsset`)}
            description={cluster ? t(`${texts.form}.assetOfClusterHint`) : t(`${texts.form}.assetHint`)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk={!cluster}
            clearable
            name={field.name}
            ref={field.ref}
            data={assetOptions}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              setAssetSearch('');
              const chosen = value ? knownAssets.current.get(value) : undefined;
              if (chosen?.cluster) {
                knownClusters.current.set(chosen.cluster._id, chosen.cluster as Cluster);
                form.setValue('cluster', chosen.cluster._id);
              }
              validateTarget();
            }}
            onBlur={field.onBlur}
            error={errors.asset?.message}
            {...serverSearchProps({
              search: assetSearch,
              onSearchChange: setAssetSearch,
              loading: assets.isFetching,
              loadingMessage: t('common.loading'),
              nothingFoundMessage: t(`${texts.form}.noAsset`),
            })}
          />
        )}
      />
    </>
  );
}
