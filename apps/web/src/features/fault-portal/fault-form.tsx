import type { FaultReported } from '@amp/contracts/fault';
import type { FileRef } from '@amp/contracts/file';
import { Alert, Button, Group, Loader, Radio, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconArrowRight, IconCircleCheck, IconCloudUpload, IconSend } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { applyFieldErrors } from '../../components/api-error';
import { useTranslation } from '../../lib/i18n';
import { useReportableAssets, useReportableClusters } from '../../lib/queries/faults';
import { useStates } from '../../lib/queries/reference';
import { FAULT_TYPES } from './fault-constants';
import { type FaultField, type FaultFormOutput, type FaultFormValues, useFaultFormState } from './fault-form-state';
import { type FaultImage, FaultImageField } from './fault-image-field';
import {
  type ClusterChoice,
  type FaultFormAsset,
  type FaultReportBody,
  uploadFaultImage,
  usePortalAssets,
  usePortalClusters,
} from './fault-portal-api';
import { FaultSelect, preloadFaultSelect } from './fault-select';

export type { FaultFormValues };

const FIELDS = [
  'cluster',
  'locationID',
  'asset',
  'state',
  'lga',
  'faultType',
  'description',
  'email',
  'fullName',
  'phoneNumber',
] as const satisfies readonly FaultField[];
/** Where the focus goes when a report is sent with wrong fields (the first wrong one, in this order). */
const FOCUS_ORDER: readonly FaultField[] = ['asset', 'faultType', 'description', 'email', 'fullName', 'phoneNumber'];

export const EMPTY_FAULT: FaultFormValues = {
  cluster: '',
  locationID: '',
  asset: '',
  state: null,
  lga: '',
  faultType: '' as FaultFormValues['faultType'],
  description: '',
  email: '',
  fullName: '',
  phoneNumber: '',
  document: [],
};

/** The form's values with an asset chosen: its cluster, location, state and LGA come with it. */
export function valuesWithAsset(values: FaultFormValues, asset: FaultFormAsset | null | undefined): FaultFormValues {
  if (!asset) return values;
  return {
    ...values,
    asset: asset._id,
    cluster: asset.cluster?._id ?? '',
    locationID: asset.locationID ?? '',
    state: values.state ?? asset.state,
    lga: values.lga || (asset.lga ?? ''),
  };
}

/**
 * The cluster whose assets the form opens with: a kept draft's, else the chosen asset's (on a portal,
 * "not in a cluster" for an asset outside any), else none yet. The public page reads that cluster's
 * assets ahead with the same answer (public-fault-page.tsx).
 */
export function openingCluster(
  draft: FaultFormDraft | null | undefined,
  asset: FaultFormAsset | null | undefined,
  portal: boolean,
): ClusterChoice {
  if (draft) return draft.clusterChoice;
  if (!asset) return null;
  return asset.cluster?._id ?? (portal ? 'none' : null);
}

/** Where the cluster, location and asset options come from: an owner's public portal, or what the signed-in user may report on. */
export type AssetSource = { kind: 'portal'; ownerId: string } | { kind: 'reportable' };

/** What the review page shows for the chosen ids. */
export interface FaultLabels {
  cluster: string | null;
  location: string | null;
  asset: string;
}

/**
 * The form as the reporter left it, to keep on the device and put back on the next visit
 * (fault-draft.ts): the values, the cluster whose assets were opened, the chosen asset as shown, and
 * the picked photo.
 */
export interface FaultFormDraft {
  values: Omit<FaultFormValues, 'website'>;
  clusterChoice: ClusterChoice;
  asset: FaultFormAsset | null;
  photo: File | null;
}

/** A report sent: `reported` shows the success alert (the form resets), null means the page moved on. */
/** Sent (the report), kept on the device to be sent later (signed in, offline), or nothing to show. */
export type FaultSubmitResult = { reported: FaultReported } | { queued: true } | null;

interface FaultFormProps {
  source: AssetSource;
  /** `edit`: the reporter corrects a returned fault (no honeypot: the call is signed in). */
  mode: 'report' | 'edit';
  initial: FaultFormValues;
  /** The asset already chosen (a QR label, a prepared or returned fault), so its name shows at once. */
  initialAsset?: FaultFormAsset | null;
  initialImage?: FileRef | null;
  /** Anonymous uploads go to the owner's portal; signed in, to the user's own uploads. */
  uploadTo: { ownerId: string } | 'signed-in';
  submitLabel: string;
  /** `next` draws an arrow (the signed-in portal's Next). */
  submitKind?: 'send' | 'next';
  onSubmit(body: FaultReportBody, context: { image: FileRef | null; labels: FaultLabels }): Promise<FaultSubmitResult>;
  /** More to say under the success text (the tracking code, a link). */
  successDetails?(reported: FaultReported): ReactNode;
  /** Above the first section (the return reason of a returned fault). */
  children?: ReactNode;
  /** A kept draft to start from instead of `initial`; a sent report still resets to `initial`. */
  draft?: FaultFormDraft | null;
  /** Called with the form's state after each change the reporter makes (not after a send's reset). */
  onDraftChange?(draft: FaultFormDraft): void;
  /**
   * Keeps the chosen image on the device instead of uploading it now (the signed-in Fault Portal
   * without a signal: the report is queued with it); null uploads it as usual.
   */
  keepImageOffline?(file: File): FileRef | null;
}

type Outcome = { status: 'idle' | 'loading' | 'error' | 'queued' } | { status: 'success'; reported: FaultReported };

const assetLabel = (asset: FaultFormAsset) => `${asset.name} (${asset.assetID})`;

/**
 * The fault form (docs/product.md#fault-form), used by the public portal, the signed-in Fault Portal and the
 * edit page: Fault Information (cluster -> location -> asset, state -> LGA, type, description, one
 * image) and User Information; the contract's schema gives its field messages, and the states
 * idle -> loading -> success or error (docs/product.md#fault-form) are dismissible alerts above it.
 */
export function FaultForm({
  source,
  mode,
  initial,
  initialAsset,
  initialImage,
  uploadTo,
  submitLabel,
  submitKind = 'send',
  onSubmit,
  successDetails,
  children,
  draft,
  onDraftChange,
  keepImageOffline,
}: FaultFormProps) {
  const { t } = useTranslation();
  // The honeypot is a field of the public report only; the edit schema refuses unknown fields.
  const defaults = useMemo(
    () => (mode === 'report' ? { ...valuesWithAsset(initial, initialAsset), website: '' } : valuesWithAsset(initial, initialAsset)),
    [mode, initial, initialAsset],
  );
  // A draft replaces the first values only; `defaults` stay what a sent report resets to.
  const [start] = useState(() => (draft ? { ...defaults, ...draft.values } : defaults));
  const form = useFaultFormState(mode, start, FOCUS_ORDER);
  const { setValue, errors, values, text } = form;
  const top = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  const [image, setImage] = useState<FaultImage | null>(
    draft?.photo ? { file: draft.photo } : initialImage ? { uploaded: initialImage } : null,
  );
  const [progress, setProgress] = useState<number | null>(null);

  // The cascade (docs/product.md#fault-form): a cluster (or "not in a cluster") loads its assets, whose locations
  // narrow them further. The assets remembered by id keep a chosen one's name when a search moves on.
  const [clusterChoice, setClusterChoice] = useState<ClusterChoice>(() => openingCluster(draft, initialAsset, source.kind === 'portal'));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const known = useRef(
    new Map<string, FaultFormAsset>([initialAsset, draft?.asset].flatMap((asset) => (asset ? [[asset._id, asset] as const] : []))),
  );
  const portal = source.kind === 'portal';
  const ownerId = portal ? source.ownerId : '';
  const clusters = usePortalClusters(ownerId, portal);
  const portalAssets = usePortalAssets(ownerId, clusterChoice, debouncedSearch, portal);
  const reportableClusters = useReportableClusters('', { enabled: !portal });
  const reportableClusterId = clusterChoice && clusterChoice !== 'none' ? clusterChoice : null;
  const reportable = useReportableAssets(debouncedSearch, { clusterId: reportableClusterId, enabled: !portal });
  const assets = portal
    ? { data: portalAssets.data, isFetching: portalAssets.isFetching }
    : { data: reportable.data?.data, isFetching: reportable.isFetching };

  const { locationID: chosenLocation, asset: chosenAsset, state: chosenState } = values;
  for (const asset of assets.data ?? []) known.current.set(asset._id, asset);

  // Only what the reporter changed is kept: not the first values, nor the empty form after a send.
  const keepChanges = useRef(false);
  useEffect(() => {
    if (!keepChanges.current || !onDraftChange) return;
    const { website: _honeypot, ...kept } = values;
    onDraftChange({ values: kept, clusterChoice, asset: known.current.get(kept.asset) ?? null, photo: image?.file ?? null });
  }, [values, clusterChoice, image, onDraftChange]);

  const clusterOptions = useMemo(() => {
    if (portal) {
      const options = (clusters.data ?? []).map((cluster) => ({ value: cluster._id, label: `${cluster.name} (${cluster.clusterID})` }));
      return [...options, { value: 'none', label: t('faultPortal.form.outsideCluster') }];
    }
    const byId = new Map<string, string>();
    for (const cluster of reportableClusters.data?.data ?? []) byId.set(cluster._id, `${cluster.name} (${cluster.clusterID})`);
    if (initialAsset?.cluster) byId.set(initialAsset.cluster._id, `${initialAsset.cluster.name} (${initialAsset.cluster.clusterID})`);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [portal, clusters.data, reportableClusters.data, initialAsset, t]);

  const locationOptions = useMemo(() => {
    const byId = new Map<string, string>();
    for (const asset of assets.data ?? []) {
      if (asset.locationID)
        byId.set(asset.locationID, asset.locationName ? `${asset.locationName} (${asset.locationID})` : asset.locationID);
    }
    const selected = chosenAsset ? known.current.get(chosenAsset) : undefined;
    if (selected?.locationID && !byId.has(selected.locationID)) {
      byId.set(selected.locationID, selected.locationName ? `${selected.locationName} (${selected.locationID})` : selected.locationID);
    }
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [assets.data, chosenAsset]);

  const assetOptions = useMemo(() => {
    const list = (assets.data ?? []).filter((asset) => !chosenLocation || asset.locationID === chosenLocation);
    const selected = chosenAsset ? known.current.get(chosenAsset) : undefined;
    if (selected && !list.some((asset) => asset._id === selected._id)) list.unshift(selected);
    return list.map((asset) => ({ value: asset._id, label: assetLabel(asset) }));
  }, [assets.data, chosenLocation, chosenAsset]);

  const states = useStates();
  const lgaOptions = useMemo(
    () => states.data?.find((option) => option.alias === chosenState?.alias)?.lgas ?? [],
    [states.data, chosenState?.alias],
  );

  const chooseCluster = (choice: ClusterChoice) => {
    setClusterChoice(choice);
    setSearch('');
    setValue('cluster', choice && choice !== 'none' ? choice : '', { shouldDirty: true });
    // The location and the asset belong to the old cluster.
    setValue('locationID', '');
    setValue('asset', '', { shouldValidate: form.isSubmitted });
  };

  const chooseAsset = (id: string | null) => {
    const asset = id ? known.current.get(id) : undefined;
    setValue('asset', asset?._id ?? '', { shouldDirty: true, shouldValidate: true, shouldTouch: true });
    if (!asset) return;
    setSearch('');
    // The asset decides its cluster and location; its state and LGA fill empty ones.
    if (asset.cluster) setValue('cluster', asset.cluster._id);
    if (portal || asset.cluster) setClusterChoice(asset.cluster?._id ?? 'none');
    setValue('locationID', asset.locationID ?? '');
    if (!form.getValues().state && asset.state) {
      setValue('state', asset.state);
      setValue('lga', asset.lga ?? '');
    }
  };

  const labels = (values: FaultFormOutput): FaultLabels => {
    const asset = known.current.get(values.asset);
    return {
      cluster: clusterOptions.find((option) => option.value === values.cluster)?.label ?? asset?.cluster?.name ?? null,
      location: locationOptions.find((option) => option.value === values.locationID)?.label ?? values.locationID ?? null,
      asset: asset ? assetLabel(asset) : values.asset,
    };
  };

  const submit = form.handleSubmit(async (values) => {
    setOutcome({ status: 'loading' });
    try {
      let uploaded = image?.uploaded ?? null;
      if (image?.file && !uploaded) uploaded = keepImageOffline?.(image.file) ?? null;
      if (image?.file && !uploaded) {
        setProgress(0);
        const result = await uploadFaultImage(image.file, uploadTo, setProgress).promise.finally(() => setProgress(null));
        // docs/product.md#fault-form: an upload that returns nothing stops the report with the generic error.
        if (!result.data) return setOutcome({ status: 'error' });
        uploaded = result.data;
        setImage({ file: image.file, uploaded });
      }
      const body: FaultReportBody = { ...values, document: uploaded ? [uploaded._id] : [] };
      const result = await onSubmit(body, { image: uploaded, labels: labels(values) });
      if (!result) return setOutcome({ status: 'idle' });
      setOutcome('queued' in result ? { status: 'queued' } : { status: 'success', reported: result.reported });
      keepChanges.current = false;
      form.reset(defaults);
      setImage(null);
      setClusterChoice(openingCluster(null, initialAsset, portal));
      top.current?.scrollIntoView({ block: 'start' });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (error) {
      applyFieldErrors(error, form.setError as unknown as UseFormSetError<FaultFormValues>, FIELDS);
      setOutcome({ status: 'error' });
    }
  });
  const send = (event: FormEvent) => {
    // The rules could not be fetched: the report is not sent.
    submit(event).catch(() => setOutcome({ status: 'error' }));
  };
  // The first use of the form (a touch, a focus, a key) fetches its rules and its selects.
  const prepare = () => {
    keepChanges.current = true;
    form.prepare();
    preloadFaultSelect().catch(() => undefined);
  };

  const loading = outcome.status === 'loading';
  const faultTypeError = errors.faultType;

  return (
    <Stack
      gap="lg"
      ref={top}
      style={{ scrollMarginTop: 80 }}
      onPointerDownCapture={prepare}
      onFocusCapture={prepare}
      onKeyDownCapture={prepare}
    >
      {outcome.status === 'success' ? (
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} />}
          role="status"
          withCloseButton
          closeButtonLabel={t('faultPortal.form.dismiss')}
          onClose={() => setOutcome({ status: 'idle' })}
        >
          <Stack gap={6}>
            <span>{t('FAULT.SUCCESS')}</span>
            {outcome.reported.duplicate ? <span>{t('FAULT.DUPLICATE')}</span> : null}
            {successDetails?.(outcome.reported)}
          </Stack>
        </Alert>
      ) : null}
      {outcome.status === 'queued' ? (
        <Alert
          color="orange"
          icon={<IconCloudUpload size={18} />}
          role="status"
          withCloseButton
          closeButtonLabel={t('faultPortal.form.dismiss')}
          onClose={() => setOutcome({ status: 'idle' })}
        >
          {t('offline.queued')}
        </Alert>
      ) : null}
      {outcome.status === 'error' ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('faultPortal.form.dismiss')}
          onClose={() => setOutcome({ status: 'idle' })}
        >
          {t('ERROR.GENERIC')}
        </Alert>
      ) : null}
      {children}

      <form onSubmit={send} noValidate aria-busy={loading}>
        <Stack gap="xl">
          <Stack gap="sm" component="section" aria-labelledby="fault-information">
            <Title order={2} size="h4" id="fault-information">
              {t('faultPortal.form.faultInformation')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <FaultSelect
                label={t('faultPortal.field.cluster')}
                placeholder={t('faultPortal.form.chooseCluster')}
                data={clusterOptions}
                value={clusterChoice}
                onChange={(value) => chooseCluster(value)}
                searchable
                clearable={!portal}
                nothingFoundMessage={t('common.nothingFound')}
                // docs/product.md#fault-form: a failed load only stops the indicator.
                rightSection={(portal ? clusters : reportableClusters).isFetching ? <ListLoading /> : undefined}
                error={errors.cluster}
                disabled={loading}
              />
              <FaultSelect
                label={t('faultPortal.field.location')}
                placeholder={
                  clusterChoice === null && portal ? t('faultPortal.form.chooseClusterFirst') : t('faultPortal.form.anyLocation')
                }
                data={locationOptions}
                value={chosenLocation || null}
                onChange={(value) => {
                  form.change('locationID', value ?? '');
                  // An asset elsewhere no longer fits the location.
                  const asset = chosenAsset ? known.current.get(chosenAsset) : undefined;
                  if (value && asset && asset.locationID !== value) setValue('asset', '');
                }}
                onBlur={() => form.blur('locationID')}
                disabled={loading || (portal && clusterChoice === null)}
                searchable
                clearable
                nothingFoundMessage={t('common.nothingFound')}
                error={errors.locationID}
              />
              <FaultSelect
                ref={form.refOf('asset')}
                name="asset"
                label={t('faultPortal.field.asset')}
                withAsterisk
                placeholder={
                  portal && clusterChoice === null ? t('faultPortal.form.chooseClusterFirst') : t('faultPortal.form.chooseAsset')
                }
                data={assetOptions}
                value={chosenAsset || null}
                onChange={chooseAsset}
                onBlur={() => form.blur('asset')}
                searchable
                searchValue={search || undefined}
                onSearchChange={(value) => {
                  // Typing searches the server; the chosen asset's own name is no search.
                  const selected = chosenAsset ? known.current.get(chosenAsset) : undefined;
                  setSearch(selected && value === assetLabel(selected) ? '' : value);
                }}
                filter={({ options }) => options}
                nothingFoundMessage={assets.isFetching ? t('common.loading') : t('common.nothingFound')}
                rightSection={assets.isFetching ? <ListLoading /> : undefined}
                disabled={loading || (portal && clusterChoice === null)}
                error={errors.asset}
                style={{ gridColumn: '1 / -1' }}
              />
              <FaultSelect
                label={t('faultPortal.field.state')}
                placeholder={t('faultPortal.form.choose')}
                data={(states.data ?? []).map((option) => ({ value: option.alias, label: option.state }))}
                value={chosenState?.alias ?? null}
                onChange={(alias) => {
                  const option = states.data?.find((s) => s.alias === alias);
                  form.change('state', option ? { state: option.state, alias: option.alias } : null);
                  // LGAs belong to one state.
                  setValue('lga', '');
                }}
                onBlur={() => form.blur('state')}
                searchable
                clearable
                disabled={loading}
                nothingFoundMessage={t('common.nothingFound')}
                error={errors.state}
              />
              <FaultSelect
                label={t('faultPortal.field.lga')}
                placeholder={chosenState ? t('faultPortal.form.choose') : t('faultPortal.form.chooseStateFirst')}
                data={lgaOptions}
                value={values.lga || null}
                onChange={(value) => form.change('lga', value ?? '')}
                onBlur={() => form.blur('lga')}
                disabled={loading || !chosenState}
                searchable
                clearable
                nothingFoundMessage={t('common.nothingFound')}
                error={errors.lga}
              />
            </SimpleGrid>
            <Radio.Group
              name="faultType"
              label={t('faultPortal.field.faultType')}
              withAsterisk
              value={values.faultType || null}
              onChange={(value) => form.change('faultType', value as FaultFormValues['faultType'])}
              error={faultTypeError}
            >
              <Group gap="lg" mt={6}>
                {FAULT_TYPES.map((type, index) => (
                  <Radio
                    key={type}
                    value={type}
                    label={t(`faultPortal.faultType.${type}`)}
                    disabled={loading}
                    onBlur={() => form.blur('faultType')}
                    ref={index === 0 ? form.refOf('faultType') : undefined}
                  />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              {...text('description')}
              label={t('faultPortal.field.description')}
              placeholder={t('faultPortal.form.descriptionPlaceholder')}
              withAsterisk
              // Grows with its text by CSS where the browser can (field-sizing), not by Mantine's
              // autosize, whose measuring was the largest script cost of the portal's first render.
              rows={3}
              styles={{ input: { fieldSizing: 'content', minHeight: 'calc(3lh + 2 * var(--input-padding-y, 8px))', maxHeight: '13rem' } }}
              disabled={loading}
              error={errors.description}
            />
            <FaultImageField value={image} onChange={setImage} progress={progress} disabled={loading} />
          </Stack>

          <Stack gap="sm" component="section" aria-labelledby="user-information">
            <Title order={2} size="h4" id="user-information">
              {t('faultPortal.form.userInformation')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput
                {...text('email')}
                type="email"
                label={t('faultPortal.field.email')}
                autoComplete="email"
                withAsterisk
                disabled={loading}
                error={errors.email}
              />
              <TextInput
                {...text('fullName')}
                label={t('faultPortal.field.fullName')}
                autoComplete="name"
                withAsterisk
                disabled={loading}
                error={errors.fullName}
              />
              <TextInput
                {...text('phoneNumber')}
                type="tel"
                inputMode="tel"
                label={t('faultPortal.field.phoneNumber')}
                autoComplete="tel"
                withAsterisk
                disabled={loading}
                error={errors.phoneNumber}
              />
            </SimpleGrid>
          </Stack>

          {mode === 'report' ? (
            // The honeypot (issue 8): people never see or reach it; a bot that fills it is answered like a success.
            <div aria-hidden="true" style={{ position: 'absolute', left: -10_000, top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
              <label>
                Website
                <input {...text('website')} type="text" tabIndex={-1} autoComplete="off" />
              </label>
            </div>
          ) : null}

          <Button
            type="submit"
            size="md"
            loading={loading}
            rightSection={submitKind === 'next' ? <IconArrowRight size={18} /> : <IconSend size={18} />}
            style={{ alignSelf: 'flex-end' }}
            miw={160}
          >
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** A list loading (it stops, with no message, when the load fails: docs/product.md#fault-form). */
function ListLoading() {
  return <Loader size={16} aria-hidden />;
}
