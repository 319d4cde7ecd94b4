import type { Asset, Cluster } from '@amp/contracts/asset';
import type { FaultDetail } from '@amp/contracts/fault';
import { MAX_FILES_PER_FIELD } from '@amp/contracts/file';
import {
  makeSrCreateSchema,
  makeSrFromFaultSchema,
  SR_MAX_ATTACHMENTS,
  SR_PRIORITIES,
  SR_RECEIVER_TYPES,
  type SrPriority,
  type SrReceiverType,
} from '@amp/contracts/service-request';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCertificate, IconInfoCircle, IconMessageReport, IconSend } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { CodeText } from '../../components/code-text';
import { formatDateTime } from '../../components/data/format';
import { ListError } from '../../components/data/list-feedback';
import { serverSearchProps } from '../../components/data/remote-multi-select';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { FaultStatusBadge } from '../../components/fault-status-badge';
import { AuthedImage } from '../../components/files/authed-image';
import { FileUploadField, type UploadedFile } from '../../components/files/file-upload-field';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useCluster, useClusterSearch } from '../../lib/queries/clusters';
import { useFault } from '../../lib/queries/faults';
import {
  type SrProviderOption,
  srProvidersQuery,
  useOwnerAsset,
  useOwnerAssets,
  useRaiseFromFault,
  useSendServiceRequest,
  useSrProviders,
} from './service-request-forms-api';
import { SR_PRIORITY_COLORS } from './sr-badges';

/** The form's values as typed; each mode checks its own part with the contract's schema. */
interface SendValues {
  title: string;
  description: string;
  priority: SrPriority | '';
  receiverType: SrReceiverType | '';
  provider: string;
  asset: string | null;
  cluster: string | null;
}

const FIELDS = ['title', 'description', 'priority', 'receiverType', 'provider', 'asset', 'cluster'];

type Mode = 'send' | 'fault';

/** A field across both columns of a section. */
const FULL_ROW = { gridColumn: '1 / -1' } as const;

/**
 * The contract's schema of the mode, on the values it takes: a request about an asset or cluster
 * (POST /v2/sr/create), or one raised from a fault (POST /v2/sr/fault/:id: the fault gives the rest).
 */
function resolverOf(mode: Mode): Resolver<SendValues> {
  if (mode === 'fault') {
    const check = zodResolver(makeSrFromFaultSchema(translateMessage)) as unknown as Resolver<Record<string, unknown>>;
    return (values, context, options) =>
      check(
        { title: values.title, priority: values.priority, receiverType: values.receiverType, provider: values.provider },
        context,
        options as never,
      ) as never;
  }
  const check = zodResolver(makeSrCreateSchema(translateMessage)) as unknown as Resolver<Record<string, unknown>>;
  return async (values, context, options) => {
    const result = await check({ ...values, attachments: [] }, context, options as never);
    // The schema names the missing asset only once the rest is valid; the form says it at once.
    if (!values.asset && !values.cluster && Object.keys(result.errors).length > 0 && !result.errors.asset) {
      const errors = {
        ...result.errors,
        asset: { type: 'required', message: translateMessage('VALIDATION.REQUIRED', { field: 'Asset' }) },
      } as FieldErrors;
      return { values: {}, errors } as never;
    }
    return result as never;
  };
}

const EMPTY: SendValues = {
  title: '',
  description: '',
  priority: 'medium',
  receiverType: '',
  provider: '',
  asset: null,
  cluster: null,
};

/**
 * /service-request/new: the owner sends a service request about an asset or a whole cluster
 * (?asset=, ?cluster= fill it in), or, with ?fault=, raises one from a fault awaiting its decision.
 */
export default function SrSendPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const faultId = params.get('fault');

  if (user && user.organisation.kind !== 'asset_owner') {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />} maw={960}>
        {t('srForms.send.ownersOnly')}
      </Alert>
    );
  }
  return faultId ? <RaiseFromFault faultId={faultId} /> : <SendRequest assetId={params.get('asset')} clusterId={params.get('cluster')} />;
}

function SendRequest({ assetId, clusterId }: { assetId: string | null; clusterId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useSendServiceRequest();
  const resolver = useMemo(() => resolverOf('send'), []);
  const form = useForm<SendValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ...EMPTY, asset: assetId, cluster: clusterId },
  });
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [documents, setDocuments] = useState<UploadedFile[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const { errors } = form.formState;
  const [asset, cluster] = form.watch(['asset', 'cluster']);

  // The values as typed are sent (the resolver's output is the schema's, not the form's).
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    setFilesError(undefined);
    const attachments = [...photos, ...documents].map((file) => file._id);
    try {
      const sent = await send.mutateAsync({
        title: values.title,
        description: values.description,
        priority: values.priority as SrPriority,
        receiverType: values.receiverType as SrReceiverType,
        provider: values.provider,
        asset: values.asset,
        cluster: values.cluster,
        attachments,
      });
      notifySuccess(t('SR.SENT'));
      navigate(`/service-request/view/${sent._id}`);
    } catch (error) {
      const rest = takeAttachmentErrors(error, setFilesError);
      if (rest) applyServerErrors(rest, form.setError, FIELDS);
    }
  });

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" size="sm" style={{ flex: '1 1 20rem' }}>
          {t('srForms.send.intro')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to="/service-request/faults" variant="subtle" size="compact-sm">
            {t('srForms.page.fault')}
          </Button>
          <Button component={Link} to="/service-request/configuration" variant="subtle" size="compact-sm">
            {t('srForms.page.configuration')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="xl">
            <Section title={t('srForms.send.aboutSection')} hint={t('srForms.send.aboutHint')}>
              <TargetFields form={form} initialAssetId={assetId} initialClusterId={clusterId} />
            </Section>

            <Section title={t('srForms.send.recipientSection')}>
              <RecipientFields form={form} target={{ asset, cluster }} holderWord={asset ? 'asset' : 'cluster'} />
            </Section>

            <Section title={t('srForms.send.requestSection')}>
              <PriorityField form={form} />
              <TextInput
                label={t('srForms.field.title')}
                withAsterisk
                placeholder={t('srForms.send.titlePlaceholder')}
                maxLength={150}
                style={FULL_ROW}
                {...form.register('title')}
                error={errors.title?.message}
              />
              <Textarea
                label={t('srForms.field.description')}
                withAsterisk
                placeholder={t('srForms.send.descriptionPlaceholder')}
                style={FULL_ROW}
                autosize
                minRows={4}
                maxRows={12}
                {...form.register('description')}
                error={errors.description?.message}
              />
              <Input.Wrapper
                label={t('srForms.field.attachments')}
                description={t('srForms.send.attachmentsHint', { max: SR_MAX_ATTACHMENTS })}
                error={filesError}
                style={FULL_ROW}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt={6}>
                  <FileUploadField
                    label={t('srForms.field.photos')}
                    kind="image"
                    multiple
                    max={Math.min(MAX_FILES_PER_FIELD, SR_MAX_ATTACHMENTS - documents.length)}
                    value={photos}
                    onChange={setPhotos}
                  />
                  <FileUploadField
                    label={t('srForms.field.documents')}
                    kind="document"
                    multiple
                    max={Math.min(MAX_FILES_PER_FIELD, SR_MAX_ATTACHMENTS - photos.length)}
                    value={documents}
                    onChange={setDocuments}
                  />
                </SimpleGrid>
              </Input.Wrapper>
            </Section>

            <FormButtons cancelTo="/service-request" pending={send.isPending} label={t('srForms.send.submit')} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function RaiseFromFault({ faultId }: { faultId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fault = useFault(faultId);
  const raise = useRaiseFromFault(faultId);
  const resolver = useMemo(() => resolverOf('fault'), []);
  const form = useForm<SendValues>({ resolver, mode: 'onTouched', defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      const sent = await raise.mutateAsync({
        title: values.title.trim() || undefined,
        priority: values.priority as SrPriority,
        receiverType: values.receiverType as SrReceiverType,
        provider: values.provider,
      });
      notifySuccess(t('SR.SENT'));
      navigate(`/service-request/view/${sent._id}`);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  if (fault.isPending) return <SendSkeleton />;
  if (fault.isError) {
    return (
      <Stack gap="md" maw={960}>
        {fault.error instanceof ApiError && fault.error.status === 404 ? (
          <Alert color="orange" icon={<IconAlertCircle size={18} />} title={t('srForms.fault.notFoundTitle')}>
            {t('srForms.fault.notFoundHint')}
          </Alert>
        ) : (
          <ListError error={fault.error} onRetry={() => fault.refetch()} />
        )}
        <Anchor component={Link} to="/service-request/faults" size="sm">
          {t('srForms.fault.backToList')}
        </Anchor>
      </Stack>
    );
  }

  const data = fault.data;
  const open = data.status === 'awaiting_owner';
  return (
    <Stack gap="md" maw={960}>
      <Text c="dimmed" size="sm">
        {t('srForms.fault.intro')}
      </Text>
      <FaultSummaryCard fault={data} />
      {open ? null : (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} title={t('srForms.fault.decidedTitle')}>
          <Stack gap={6} align="flex-start">
            {t('srForms.fault.decidedHint')}
            <Anchor component={Link} to={`/asset/reported-faults/${data._id}`} size="sm">
              {t('srForms.fault.openFault')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <fieldset disabled={!open} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Stack gap="xl">
              <Section title={t('srForms.send.recipientSection')}>
                <RecipientFields form={form} target={{ asset: data.asset._id, cluster: null }} holderWord="asset" />
              </Section>
              <Section title={t('srForms.send.requestSection')}>
                <PriorityField form={form} />
                <TextInput
                  label={t('srForms.field.title')}
                  description={t('srForms.fault.titleHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  placeholder={`${data.faultType}: ${data.asset.name}`.slice(0, 150)}
                  maxLength={150}
                  style={FULL_ROW}
                  {...form.register('title')}
                  error={errors.title?.message}
                />
              </Section>
              <FormButtons
                cancelTo="/service-request/faults"
                pending={raise.isPending}
                label={t('srForms.fault.submit')}
                disabled={!open}
              />
            </Stack>
          </fieldset>
        </form>
      </Paper>
    </Stack>
  );
}

/** The fault a request is raised from, read-only: what the request will carry. */
function FaultSummaryCard({ fault }: { fault: FaultDetail }) {
  const { t } = useTranslation();
  const place = [fault.cluster ? `${fault.cluster.name} (${fault.cluster.clusterID})` : null, fault.locationName ?? fault.locationID]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconMessageReport size={20} stroke={1.5} aria-hidden />
            <Anchor component={Link} to={`/asset/reported-faults/${fault._id}`} fw={600}>
              <CodeText fw={600}>{fault.code}</CodeText>
            </Anchor>
            <Badge variant="light" color="gray" size="sm">
              {t(`faults.type.${fault.faultType}`, { defaultValue: fault.faultType })}
            </Badge>
          </Group>
          <FaultStatusBadge status={fault.status} size="sm" />
        </Group>
        <Group gap="md" wrap="nowrap" align="flex-start">
          {fault.image ? (
            <Box w={72} h={72} style={{ flexShrink: 0, overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)' }}>
              <AuthedImage
                src={fault.image.thumbnailUrl ?? fault.image.url}
                alt={t('srForms.fault.image')}
                w={72}
                h={72}
                fit="cover"
                loadingHeight={72}
              />
            </Box>
          ) : null}
          <Stack gap={4} miw={0}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {fault.asset.name}{' '}
              <CodeText fz="xs" c="dimmed">
                {fault.asset.assetID}
              </CodeText>
            </Text>
            {place ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {place}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('srForms.fault.reportedBy', { name: fault.reporterName, date: formatDateTime(fault.createdAt) })}
            </Text>
          </Stack>
        </Group>
        <Spoiler maxHeight={96} showLabel={t('srForms.showMore')} hideLabel={t('srForms.showLess')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {fault.description}
          </Text>
        </Spoiler>
        <Text size="xs" c="dimmed">
          {t('srForms.fault.carries')}
        </Text>
      </Stack>
    </Paper>
  );
}

const clusterLabel = (cluster: Pick<Cluster, 'name' | 'clusterID'>) => `${cluster.name} (${cluster.clusterID})`;
const assetLabel = (asset: Pick<Asset, 'name' | 'assetID'>) => `${asset.name} (${asset.assetID})`;

/**
 * The cluster and the asset, as on the fault form: the cluster narrows the assets; an asset brings
 * its cluster. A cluster alone makes the request about the whole cluster.
 */
function TargetFields({
  form,
  initialAssetId,
  initialClusterId,
}: {
  form: UseFormReturn<SendValues>;
  initialAssetId: string | null;
  initialClusterId: string | null;
}) {
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
            label={t('srForms.field.cluster')}
            placeholder={t('srForms.send.chooseCluster')}
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
              nothingFoundMessage: t('srForms.send.noCluster'),
            })}
          />
        )}
      />
      <Controller
        control={form.control}
        name="asset"
        render={({ field }) => (
          <Select
            label={t('srForms.field.asset')}
            placeholder={cluster ? t('srForms.send.wholeCluster') : t('srForms.send.chooseAsset')}
            description={cluster ? t('srForms.send.assetOfClusterHint') : t('srForms.send.assetHint')}
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
              nothingFoundMessage: t('srForms.send.noAsset'),
            })}
          />
        )}
      />
    </>
  );
}

/**
 * The receiver type and the provider: the provider holding the asset (or cluster) is proposed
 * first and chosen for the user; the SLA binding the chosen provider, which the request copies, is named.
 */
function RecipientFields({
  form,
  target,
  holderWord,
}: {
  form: UseFormReturn<SendValues>;
  target: { asset: string | null; cluster: string | null };
  holderWord: 'asset' | 'cluster';
}) {
  const { t } = useTranslation();
  const [receiverType, provider] = form.watch(['receiverType', 'provider']);
  const [search, setSearch] = useState('');
  const providerTouched = useRef(false);
  const receiverTouched = useRef(false);
  const known = useRef(new Map<string, SrProviderOption>());
  const chosen = provider ? known.current.get(provider) : undefined;
  const typed = chosen && search === chosen.name ? '' : search;
  const [debounced] = useDebouncedValue(typed, 300);
  const hasTarget = Boolean(target.asset || target.cluster);
  const providers = useSrProviders({ receiverType, asset: target.asset, cluster: target.cluster, search: debounced });
  for (const option of providers.data ?? []) known.current.set(option._id, option);

  // Until the user picks a receiver type, ask every type who holds the asset: that one is proposed.
  const probing = hasTarget && receiverType === '' && !receiverTouched.current;
  const probes = useQueries({
    queries: SR_RECEIVER_TYPES.map((type) => ({
      ...srProvidersQuery({ receiverType: type, asset: target.asset, cluster: target.cluster, search: '' }),
      enabled: probing,
    })),
  });
  const holderType = probing ? SR_RECEIVER_TYPES.find((_, index) => probes[index]?.data?.some((option) => option.holder)) : undefined;
  useEffect(() => {
    if (holderType && form.getValues('receiverType') === '') form.setValue('receiverType', holderType);
  }, [holderType, form]);

  // The holder is chosen unless the user chose someone (who is still offered).
  const unsearched = !debounced && providers.data && !providers.isPlaceholderData ? providers.data : undefined;
  useEffect(() => {
    if (!unsearched) return;
    const current = form.getValues('provider');
    const stillOffered = unsearched.some((option) => option._id === current);
    if (providerTouched.current && stillOffered) return;
    const holder = unsearched.find((option) => option.holder);
    const next = holder?._id ?? (stillOffered ? current : '');
    if (next !== current) form.setValue('provider', next, { shouldValidate: form.formState.isSubmitted });
  }, [unsearched, form]);

  const options = useMemo(() => {
    const list = providers.data ?? [];
    const all = chosen && !list.some((option) => option._id === chosen._id) ? [chosen, ...list] : list;
    return all.map((option) => ({ value: option._id, label: option.name }));
  }, [providers.data, chosen]);
  const holderName = unsearched?.find((option) => option.holder)?.name;

  return (
    <>
      <Controller
        control={form.control}
        name="receiverType"
        render={({ field, fieldState }) => (
          <Select
            label={t('srForms.field.receiverType')}
            withAsterisk
            placeholder={t('srForms.send.chooseReceiverType')}
            allowDeselect={false}
            name={field.name}
            ref={field.ref}
            data={SR_RECEIVER_TYPES.map((type) => ({ value: type, label: t(`srForms.receiverType.${type}`) }))}
            value={field.value || null}
            onChange={(value) => {
              receiverTouched.current = true;
              providerTouched.current = false;
              field.onChange(value ?? '');
              setSearch('');
              form.setValue('provider', '');
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="provider"
        render={({ field, fieldState }) => (
          <Select
            label={t('srForms.field.provider')}
            withAsterisk
            placeholder={receiverType ? t('srForms.send.chooseProvider') : t('srForms.send.chooseReceiverTypeFirst')}
            disabled={!receiverType}
            clearable
            name={field.name}
            ref={field.ref}
            data={options}
            value={field.value || null}
            onChange={(value) => {
              providerTouched.current = true;
              field.onChange(value ?? '');
              setSearch('');
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            renderOption={({ option }) => {
              const item = known.current.get(option.value);
              return (
                <Stack gap={2} miw={0}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm">{option.label}</Text>
                    {item?.holder ? (
                      <Badge size="xs" variant="light" color="teal">
                        {t(`srForms.send.holder.${holderWord}`)}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {item?.sla ? t('srForms.send.slaOption', { title: item.sla.title }) : t('srForms.send.noSlaOption')}
                  </Text>
                </Stack>
              );
            }}
            {...serverSearchProps({
              search,
              onSearchChange: setSearch,
              loading: providers.isFetching,
              loadingMessage: t('common.loading'),
              nothingFoundMessage: receiverType
                ? t('srForms.send.noProvider', { type: t(`srForms.receiverType.${receiverType}`) })
                : t('srForms.send.chooseReceiverTypeFirst'),
            })}
          />
        )}
      />
      <Box style={FULL_ROW}>
        <ProviderNote chosen={chosen} holderName={holderName} holderWord={holderWord} hasTarget={hasTarget} />
      </Box>
    </>
  );
}

/** What the chosen provider means for the request: whether it holds the asset, and the SLA it copies. */
function ProviderNote({
  chosen,
  holderName,
  holderWord,
  hasTarget,
}: {
  chosen: SrProviderOption | undefined;
  holderName: string | undefined;
  holderWord: 'asset' | 'cluster';
  hasTarget: boolean;
}) {
  const { t } = useTranslation();
  if (!chosen) {
    return hasTarget ? null : (
      <Text size="xs" c="dimmed">
        {t('srForms.send.chooseTargetForHolder')}
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" bg={chosen.sla ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-gray-0)'}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCertificate
          size={20}
          stroke={1.5}
          color={chosen.sla ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-dimmed)'}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {chosen.sla ? t('srForms.send.slaCopied', { title: chosen.sla.title }) : t('srForms.send.noSla')}
          </Text>
          <Text size="xs" c="dimmed">
            {chosen.sla ? t('srForms.send.slaCopiedHint') : t('srForms.send.noSlaHint')}
          </Text>
          {chosen.holder ? (
            <Text size="xs" c="teal.8">
              {t(`srForms.send.isHolder.${holderWord}`, { name: chosen.name })}
            </Text>
          ) : holderName ? (
            <Text size="xs" c="orange.9">
              {t(`srForms.send.notHolder.${holderWord}`, { name: holderName })}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

function PriorityField({ form }: { form: UseFormReturn<SendValues> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name="priority"
      render={({ field, fieldState }) => (
        <Input.Wrapper label={t('srForms.field.priority')} withAsterisk error={fieldState.error?.message} style={FULL_ROW}>
          <SegmentedControl
            mt={4}
            fullWidth
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            color={SR_PRIORITY_COLORS[field.value as SrPriority] ?? 'blue'}
            data={SR_PRIORITIES.map((priority) => ({ value: priority, label: t(`serviceRequests.priority.${priority}`) }))}
          />
        </Input.Wrapper>
      )}
    />
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider
        label={
          <Title order={2} size="h5" c="dark">
            {title}
          </Title>
        }
        labelPosition="left"
      />
      {hint ? (
        <Text size="xs" c="dimmed" mt={-6}>
          {hint}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" style={{ alignItems: 'start' }}>
        {children}
      </SimpleGrid>
    </Stack>
  );
}

function FormButtons({ cancelTo, pending, label, disabled }: { cancelTo: string; pending: boolean; label: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to={cancelTo} disabled={pending}>
        {t('data.cancel')}
      </Button>
      <Button type="submit" loading={pending} disabled={disabled} leftSection={<IconSend size={18} />}>
        {label}
      </Button>
    </Group>
  );
}

function SendSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={960} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton h={14} w="60%" radius="sm" />
      <Skeleton h={180} radius="md" />
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

/** Takes the attachments' messages (paths "attachments" or "attachments.2") for the files; returns the rest, or null. */
function takeAttachmentErrors(error: unknown, set: (message: string) => void): unknown {
  if (!(error instanceof ApiError) || error.errors.length === 0) return error;
  const rest = error.errors.filter((fieldError) => {
    if (fieldError.path.split('.')[0] !== 'attachments') return true;
    set(translateApiText(fieldError.message));
    return false;
  });
  if (rest.length === error.errors.length) return error;
  return rest.length === 0 ? null : new ApiError(error.status, error.message, rest);
}
