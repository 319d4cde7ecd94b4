import { type ApprovalLevel, levelsFor } from '@amp/contracts/approval';
import type { Asset, Cluster } from '@amp/contracts/asset';
import { MAX_FILES_PER_FIELD } from '@amp/contracts/file';
import { SR_MAX_ATTACHMENTS, SR_PRIORITIES, SR_RECEIVER_TYPES, type SrPriority, type SrReceiverType } from '@amp/contracts/service-request';
import { makeWoCreateSchema, makeWoUpdateSchema } from '@amp/contracts/work-order';
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
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowRight, IconCertificate, IconDeviceFloppy, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { CodeText } from '../../components/code-text';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatNaira } from '../../components/data/format';
import { serverSearchProps } from '../../components/data/remote-multi-select';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { FileUploadField, type UploadedFile } from '../../components/files/file-upload-field';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useCluster, useClusterSearch } from '../../lib/queries/clusters';
import { WO_PRIORITY_COLORS, WoStatusBadge } from './wo-badges';
import { draftOf, type LineDraft, type LineErrors, LinesEditor, lineBody, totalKobo } from './wo-lines-editor';
import {
  useCreateWorkOrder,
  useOwnerAsset,
  useOwnerAssets,
  useUpdateWorkOrder,
  useWoApprovalLevels,
  useWoProviders,
  useWorkOrder,
  type WoCreateBody,
  type WoDetail,
  type WoProviderOption,
  type WoUpdateBody,
  woProvidersQuery,
} from './work-orders-api';

/** The form's values as typed; the contract's schema checks what would be sent. */
interface FormValues {
  title: string;
  description: string;
  priority: SrPriority | '';
  receiverType: SrReceiverType | '';
  provider: string;
  asset: string | null;
  cluster: string | null;
  dueDate: string;
  lines: LineDraft[];
}

const FIELDS = ['title', 'description', 'priority', 'receiverType', 'provider', 'asset', 'cluster', 'dueDate', 'lines'];
/** A field across both columns of a section. */
const FULL_ROW = { gridColumn: '1 / -1' } as const;

function bodyOf(values: FormValues, editing: boolean, submit: boolean): WoCreateBody | WoUpdateBody {
  const common: WoUpdateBody = {
    title: values.title,
    description: values.description,
    priority: values.priority as SrPriority,
    dueDate: values.dueDate || null,
    lines: values.lines.map(lineBody),
    submit,
  };
  if (editing) return common;
  return {
    ...common,
    receiverType: values.receiverType as SrReceiverType,
    provider: values.provider,
    asset: values.asset,
    cluster: values.cluster,
    attachments: [],
  };
}

/** The contract's schema (create or update) on what would be sent: its paths (`lines.0.quantity`) are the form's. */
function resolverOf(editing: boolean): Resolver<FormValues> {
  const check = zodResolver(editing ? makeWoUpdateSchema(translateMessage) : makeWoCreateSchema(translateMessage)) as unknown as Resolver<
    Record<string, unknown>
  >;
  return async (values, context, options) => {
    const result = await check(bodyOf(values, editing, false) as never, context, options as never);
    // The schema names the missing asset only once the rest is valid; the form says it at once.
    if (!editing && !values.asset && !values.cluster && Object.keys(result.errors).length > 0 && !result.errors.asset) {
      const errors = {
        ...result.errors,
        asset: { type: 'required', message: translateMessage('VALIDATION.REQUIRED', { field: 'Asset' }) },
      } as FieldErrors;
      return { values: {}, errors } as never;
    }
    return result as never;
  };
}

/**
 * /work-order/create (?asset=, ?cluster= fill it in) and /work-order/edit/:id: the owner raises a
 * work order by hand, or changes a draft or one awaiting approval.
 */
export default function WorkOrderFormPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { id } = useParams();
  const [params] = useSearchParams();

  if (user && user.organisation.kind !== 'asset_owner') {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />} maw={960}>
        {t('workOrders.form.ownersOnly')}
      </Alert>
    );
  }
  if (id) return <EditWorkOrder id={id} />;
  return <WorkOrderForm order={null} initialAsset={params.get('asset')} initialCluster={params.get('cluster')} />;
}

function EditWorkOrder({ id }: { id: string }) {
  const { t } = useTranslation();
  const order = useWorkOrder(id);
  return (
    <DetailPageFrame
      backTo={`/work-order/view/${id}`}
      backLabel={t('workOrders.form.backToOrder')}
      query={order}
      skeleton={<FormSkeleton />}
      notFoundTitle={t('workOrders.detail.notFound')}
      notFoundHint={t('workOrders.detail.notFoundHint')}
    >
      {(data) =>
        data.actions.includes('edit') ? (
          <WorkOrderForm key={data._id} order={data} initialAsset={null} initialCluster={null} />
        ) : (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('workOrders.form.notEditableTitle')} maw={960}>
            <Stack gap={6} align="flex-start">
              {t('workOrders.form.notEditableHint', { status: t(`workOrders.status.${data.status}`) })}
              <Anchor component={Link} to={`/work-order/view/${data._id}`} size="sm">
                {t('workOrders.form.openOrder', { code: data.code })}
              </Anchor>
            </Stack>
          </Alert>
        )
      }
    </DetailPageFrame>
  );
}

function valuesOf(order: WoDetail | null, asset: string | null, cluster: string | null): FormValues {
  if (!order) {
    return { title: '', description: '', priority: 'medium', receiverType: '', provider: '', asset, cluster, dueDate: '', lines: [] };
  }
  return {
    title: order.title,
    description: order.description,
    priority: order.priority,
    receiverType: order.receiverType,
    provider: order.provider._id,
    asset: order.asset?._id ?? null,
    cluster: order.cluster?._id ?? null,
    dueDate: order.dueDate ?? '',
    lines: order.lines.filter((line) => line.stage === 'planned').map(draftOf),
  };
}

/** What the work order became, in the catalogue's words. */
function savedMessage(saved: WoDetail, submit: boolean): string {
  if (saved.status === 'sent') return 'WO.SENT';
  if (saved.status === 'pending_approval') return submit ? 'WO.SUBMITTED' : 'workOrders.form.changesSaved';
  return 'WO.SAVED';
}

function WorkOrderForm({
  order,
  initialAsset,
  initialCluster,
}: {
  order: WoDetail | null;
  initialAsset: string | null;
  initialCluster: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editing = order !== null;
  const create = useCreateWorkOrder();
  const update = useUpdateWorkOrder(order?._id ?? '');
  const resolver = useMemo(() => resolverOf(editing), [editing]);
  const form = useForm<FormValues>({ resolver, mode: 'onTouched', defaultValues: valuesOf(order, initialAsset, initialCluster) });
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [documents, setDocuments] = useState<UploadedFile[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const [providerName, setProviderName] = useState(order?.provider.name ?? '');
  const submitting = useRef(false);
  const { errors } = form.formState;
  const [asset, cluster, provider, lines] = form.watch(['asset', 'cluster', 'provider', 'lines']);
  const { total, incomplete } = totalKobo(lines);
  const preview = useApprovalPreview(total);
  const pending = create.isPending || update.isPending;

  const send = (submit: boolean) =>
    form.handleSubmit(async () => {
      const values = form.getValues();
      setFilesError(undefined);
      submitting.current = submit;
      try {
        const saved = order
          ? await update.mutateAsync(bodyOf(values, true, submit))
          : await create.mutateAsync({
              ...(bodyOf(values, false, submit) as WoCreateBody),
              attachments: [...photos, ...documents].map((file) => file._id),
            });
        notifySuccess(t(savedMessage(saved, submit)));
        navigate(`/work-order/view/${saved._id}`);
      } catch (error) {
        const rest = takeAttachmentErrors(error, setFilesError);
        if (rest) applyServerErrors(rest, form.setError, FIELDS);
      }
    })();

  const lineErrors = errors.lines as unknown as (LineErrors | undefined)[] | undefined;
  const listError = (errors.lines as { message?: string; root?: { message?: string } } | undefined)?.message ?? errors.lines?.root?.message;

  return (
    <Stack gap="md" maw={960}>
      {order ? (
        <Group gap="sm" wrap="wrap">
          <CodeText fw={600}>{order.code}</CodeText>
          <WoStatusBadge status={order.status} size="sm" />
        </Group>
      ) : (
        <Text c="dimmed" size="sm">
          {t('workOrders.form.intro')}
        </Text>
      )}
      {order?.status === 'pending_approval' ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {t('workOrders.form.pendingHint')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send(true);
          }}
          noValidate
        >
          <Stack gap="xl">
            <Section title={t('workOrders.form.aboutSection')} hint={editing ? undefined : t('workOrders.form.aboutHint')}>
              {order ? <FixedTarget order={order} /> : <TargetFields form={form} initialAsset={initialAsset} />}
            </Section>

            {order ? null : (
              <Section title={t('workOrders.form.recipientSection')}>
                <RecipientFields
                  form={form}
                  target={{ asset, cluster }}
                  holderWord={asset ? 'asset' : 'cluster'}
                  onProviderName={setProviderName}
                />
              </Section>
            )}

            <Section title={t('workOrders.form.workSection')}>
              <Controller
                control={form.control}
                name="priority"
                render={({ field, fieldState }) => (
                  <Input.Wrapper label={t('workOrders.field.priority')} withAsterisk error={fieldState.error?.message} style={FULL_ROW}>
                    <SegmentedControl
                      mt={4}
                      fullWidth
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                      color={WO_PRIORITY_COLORS[field.value as SrPriority] ?? 'blue'}
                      data={SR_PRIORITIES.map((priority) => ({ value: priority, label: t(`workOrders.priority.${priority}`) }))}
                    />
                  </Input.Wrapper>
                )}
              />
              <TextInput
                label={t('workOrders.field.title')}
                withAsterisk
                placeholder={t('workOrders.form.titlePlaceholder')}
                maxLength={150}
                style={FULL_ROW}
                {...form.register('title')}
                error={errors.title?.message}
              />
              <Textarea
                label={t('workOrders.field.description')}
                withAsterisk
                placeholder={t('workOrders.form.descriptionPlaceholder')}
                style={FULL_ROW}
                autosize
                minRows={4}
                maxRows={12}
                {...form.register('description')}
                error={errors.description?.message}
              />
              <TextInput
                type="date"
                label={t('workOrders.field.dueDate')}
                description={t('workOrders.form.dueDateHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                min={order ? undefined : new Date().toISOString().slice(0, 10)}
                {...form.register('dueDate')}
                error={errors.dueDate?.message}
              />
              {order ? null : (
                <Input.Wrapper
                  label={t('workOrders.field.attachments')}
                  description={t('workOrders.form.attachmentsHint', { max: SR_MAX_ATTACHMENTS })}
                  error={filesError}
                  style={FULL_ROW}
                >
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt={6}>
                    <FileUploadField
                      label={t('workOrders.field.photos')}
                      kind="image"
                      multiple
                      max={Math.min(MAX_FILES_PER_FIELD, SR_MAX_ATTACHMENTS - documents.length)}
                      value={photos}
                      onChange={setPhotos}
                    />
                    <FileUploadField
                      label={t('workOrders.field.documents')}
                      kind="document"
                      multiple
                      max={Math.min(MAX_FILES_PER_FIELD, SR_MAX_ATTACHMENTS - photos.length)}
                      value={documents}
                      onChange={setDocuments}
                    />
                  </SimpleGrid>
                </Input.Wrapper>
              )}
              {order && order.attachments.length > 0 ? (
                <Text size="xs" c="dimmed" style={FULL_ROW}>
                  {t('workOrders.form.attachmentsKept', { count: order.attachments.length })}
                </Text>
              ) : null}
            </Section>

            <Stack gap="sm">
              <SectionTitle title={t('workOrders.form.linesSection')} />
              <Controller
                control={form.control}
                name="lines"
                render={({ field }) => (
                  <LinesEditor
                    lines={field.value}
                    onChange={(next) => field.onChange(next)}
                    errors={lineErrors}
                    listError={listError}
                    pricebook={provider ? { organisationId: provider, name: providerName || t('workOrders.form.theProvider') } : null}
                    noPricebookHint={t('workOrders.form.chooseProviderForPricebook')}
                    hint={t('workOrders.form.linesHint')}
                    footer={field.value.length > 0 ? <ApprovalPreview preview={preview} incomplete={incomplete} /> : null}
                  />
                )}
              />
            </Stack>

            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                component={Link}
                to={order ? `/work-order/view/${order._id}` : '/work-order/outgoing'}
                disabled={pending}
              >
                {t('data.cancel')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconDeviceFloppy size={18} />}
                loading={pending && !submitting.current}
                disabled={pending && submitting.current}
                onClick={() => void send(false)}
              >
                {t('workOrders.form.saveDraft')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconSend size={18} />}
                loading={pending && submitting.current}
                disabled={(pending && !submitting.current) || preview.kind === 'above'}
              >
                {t('workOrders.form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

type Preview =
  | { kind: 'unknown' }
  | { kind: 'none' }
  | { kind: 'levels'; levels: ApprovalLevel[] }
  | { kind: 'above'; highest: ApprovalLevel };

/**
 * Which approval levels the total will need (`levelsFor`, the API's own rule). Only those who
 * configure or approve may read the levels; for anyone else the preview stays unknown.
 */
function useApprovalPreview(total: bigint): Preview {
  const { can } = useAuth();
  const levels = useWoApprovalLevels(can(['woConfiguration', 'approveWO']));
  if (!levels.data) return { kind: 'unknown' };
  const applying = levelsFor(levels.data, Number(total));
  if (applying === undefined) {
    const highest = [...levels.data].sort((a, b) => b.order - a.order)[0] as ApprovalLevel;
    return { kind: 'above', highest };
  }
  return applying.length === 0 ? { kind: 'none' } : { kind: 'levels', levels: applying };
}

function ApprovalPreview({ preview, incomplete }: { preview: Preview; incomplete: boolean }) {
  const { t } = useTranslation();
  if (preview.kind === 'unknown') return null;
  return (
    <Box mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {preview.kind === 'none' ? (
        <Text size="sm" c="dimmed">
          {t('workOrders.form.noApproval')}
        </Text>
      ) : preview.kind === 'above' ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          {t('workOrders.form.aboveHighest', { level: preview.highest.name, max: formatNaira(preview.highest.maxAmount) })}
        </Alert>
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('workOrders.form.approvalNeeded', { count: preview.levels.length })}
          </Text>
          <Group gap={6} wrap="wrap">
            {preview.levels.map((level, index) => (
              <Group key={level._id} gap={6} wrap="nowrap">
                {index > 0 ? <IconArrowRight size={14} color="var(--mantine-color-dimmed)" aria-hidden /> : null}
                <Badge variant="light" color="orange" size="lg" tt="none" fw={500}>
                  {t('workOrders.form.levelUpTo', { name: level.name, max: formatNaira(level.maxAmount) })}
                </Badge>
              </Group>
            ))}
          </Group>
          {incomplete ? (
            <Text size="xs" c="dimmed">
              {t('workOrders.form.previewIncomplete')}
            </Text>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}

/** An edited work order keeps what it is about and its provider: shown, not asked. */
function FixedTarget({ order }: { order: WoDetail }) {
  const { t } = useTranslation();
  const subject = order.asset
    ? `${order.asset.name} (${order.asset.assetID})`
    : order.cluster
      ? t('workOrders.subject.cluster', { name: `${order.cluster.name} (${order.cluster.clusterID})` })
      : '–';
  return (
    <>
      <Fact label={order.asset ? t('workOrders.field.asset') : t('workOrders.field.cluster')}>{subject}</Fact>
      <Fact label={t('workOrders.field.provider')}>
        {order.provider.name} · {t(`workOrders.receiverType.${order.receiverType}`)}
      </Fact>
      <Text size="xs" c="dimmed" style={FULL_ROW}>
        {t('workOrders.form.fixedHint')}
      </Text>
    </>
  );
}

const clusterLabel = (cluster: Pick<Cluster, 'name' | 'clusterID'>) => `${cluster.name} (${cluster.clusterID})`;
const assetLabel = (asset: Pick<Asset, 'name' | 'assetID'>) => `${asset.name} (${asset.assetID})`;

/** The cluster narrows the assets; an asset brings its cluster. A cluster alone: the work order is about the whole cluster. */
function TargetFields({ form, initialAsset }: { form: UseFormReturn<FormValues>; initialAsset: string | null }) {
  const { t } = useTranslation();
  const [asset, cluster] = form.watch(['asset', 'cluster']);
  const { errors } = form.formState;

  const [clusterSearch, setClusterSearch] = useState('');
  const knownClusters = useRef(new Map<string, Cluster>());
  const chosenCluster = cluster ? knownClusters.current.get(cluster) : undefined;
  const [clusterQuery] = useDebouncedValue(chosenCluster && clusterSearch === clusterLabel(chosenCluster) ? '' : clusterSearch, 300);
  const clusters = useClusterSearch(clusterQuery);
  const linkedCluster = useCluster(cluster && !chosenCluster ? cluster : null);
  for (const found of clusters.data?.data ?? []) knownClusters.current.set(found._id, found);
  if (linkedCluster.data) knownClusters.current.set(linkedCluster.data._id, linkedCluster.data);

  const [assetSearch, setAssetSearch] = useState('');
  const knownAssets = useRef(new Map<string, Asset>());
  const chosenAsset = asset ? knownAssets.current.get(asset) : undefined;
  const [assetQuery] = useDebouncedValue(chosenAsset && assetSearch === assetLabel(chosenAsset) ? '' : assetSearch, 300);
  const assets = useOwnerAssets(cluster, assetQuery);
  const linkedAsset = useOwnerAsset(initialAsset);
  for (const found of assets.data?.data ?? []) knownAssets.current.set(found._id, found);
  if (linkedAsset.data) knownAssets.current.set(linkedAsset.data._id, linkedAsset.data);

  // A linked asset (?asset=) brings its cluster; a link to something not the owner's chooses nothing.
  const linked = linkedAsset.data;
  useEffect(() => {
    if (linked?.cluster && form.getValues('asset') === linked._id && !form.getValues('cluster')) {
      knownClusters.current.set(linked.cluster._id, linked.cluster as Cluster);
      form.setValue('cluster', linked.cluster._id);
    }
  }, [linked, form]);
  useEffect(() => {
    if (linkedAsset.isError && form.getValues('asset') === initialAsset) form.setValue('asset', null);
  }, [linkedAsset.isError, initialAsset, form]);

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
            label={t('workOrders.field.cluster')}
            placeholder={t('workOrders.form.chooseCluster')}
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
              nothingFoundMessage: t('workOrders.form.noCluster'),
            })}
          />
        )}
      />
      <Controller
        control={form.control}
        name="asset"
        render={({ field }) => (
          <Select
            label={t('workOrders.field.asset')}
            placeholder={cluster ? t('workOrders.form.wholeCluster') : t('workOrders.form.chooseAsset')}
            description={cluster ? t('workOrders.form.assetOfClusterHint') : t('workOrders.form.assetHint')}
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
              nothingFoundMessage: t('workOrders.form.noAsset'),
            })}
          />
        )}
      />
    </>
  );
}

/**
 * The receiver type and the provider: the provider holding the asset (or cluster) is found across
 * the receiver types, proposed first and chosen for the user; the SLA binding it is named.
 */
function RecipientFields({
  form,
  target,
  holderWord,
  onProviderName,
}: {
  form: UseFormReturn<FormValues>;
  target: { asset: string | null; cluster: string | null };
  holderWord: 'asset' | 'cluster';
  onProviderName(name: string): void;
}) {
  const { t } = useTranslation();
  const [receiverType, provider] = form.watch(['receiverType', 'provider']);
  const [search, setSearch] = useState('');
  const providerTouched = useRef(false);
  const receiverTouched = useRef(false);
  const known = useRef(new Map<string, WoProviderOption>());
  const chosen = provider ? known.current.get(provider) : undefined;
  const [debounced] = useDebouncedValue(chosen && search === chosen.name ? '' : search, 300);
  const hasTarget = Boolean(target.asset || target.cluster);
  const providers = useWoProviders({ receiverType, asset: target.asset, cluster: target.cluster, search: debounced });
  for (const option of providers.data ?? []) known.current.set(option._id, option);

  // Until the user picks a receiver type, every type is asked who holds the asset: that one is proposed.
  const probing = hasTarget && receiverType === '' && !receiverTouched.current;
  const probes = useQueries({
    queries: SR_RECEIVER_TYPES.map((type) => ({
      ...woProvidersQuery({ receiverType: type, asset: target.asset, cluster: target.cluster, search: '' }),
      enabled: probing,
    })),
  });
  const holderType = probing ? SR_RECEIVER_TYPES.find((_, index) => probes[index]?.data?.some((option) => option.holder)) : undefined;
  useEffect(() => {
    if (holderType && form.getValues('receiverType') === '')
      form.setValue('receiverType', holderType, { shouldValidate: form.formState.isSubmitted });
  }, [holderType, form]);

  // The holder is chosen unless the user chose someone still offered.
  const unsearched = !debounced && providers.data && !providers.isPlaceholderData ? providers.data : undefined;
  useEffect(() => {
    if (!unsearched) return;
    const current = form.getValues('provider');
    const stillOffered = unsearched.some((option) => option._id === current);
    if (providerTouched.current && stillOffered) return;
    const next = unsearched.find((option) => option.holder)?._id ?? (stillOffered ? current : '');
    if (next !== current) form.setValue('provider', next, { shouldValidate: form.formState.isSubmitted });
  }, [unsearched, form]);
  useEffect(() => onProviderName(chosen?.name ?? ''), [chosen?.name, onProviderName]);

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
            label={t('workOrders.field.receiverType')}
            withAsterisk
            placeholder={t('workOrders.form.chooseReceiverType')}
            allowDeselect={false}
            name={field.name}
            ref={field.ref}
            data={SR_RECEIVER_TYPES.map((type) => ({ value: type, label: t(`workOrders.receiverType.${type}`) }))}
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
            label={t('workOrders.field.provider')}
            withAsterisk
            placeholder={receiverType ? t('workOrders.form.chooseProvider') : t('workOrders.form.chooseReceiverTypeFirst')}
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
                        {t(`workOrders.form.holder.${holderWord}`)}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {item?.sla ? t('workOrders.form.slaOption', { title: item.sla.title }) : t('workOrders.form.noSlaOption')}
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
                ? t('workOrders.form.noProvider', { type: t(`workOrders.receiverType.${receiverType}`) })
                : t('workOrders.form.chooseReceiverTypeFirst'),
            })}
          />
        )}
      />
      <Box style={FULL_ROW}>
        {chosen ? (
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
                  {chosen.sla ? t('workOrders.form.slaCopied', { title: chosen.sla.title }) : t('workOrders.form.noSla')}
                </Text>
                {chosen.holder ? (
                  <Text size="xs" c="teal.8">
                    {t(`workOrders.form.isHolder.${holderWord}`, { name: chosen.name })}
                  </Text>
                ) : holderName ? (
                  <Text size="xs" c="orange.9">
                    {t(`workOrders.form.notHolder.${holderWord}`, { name: holderName })}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Paper>
        ) : hasTarget ? null : (
          <Text size="xs" c="dimmed">
            {t('workOrders.form.chooseTargetForHolder')}
          </Text>
        )}
      </Box>
    </>
  );
}

function SectionTitle({ title }: { title: string }) {
  return (
    <Divider
      label={
        <Title order={2} size="h5" c="dark">
          {title}
        </Title>
      }
      labelPosition="left"
    />
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <SectionTitle title={title} />
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function FormSkeleton() {
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
