import type { FaultDetail } from '@amp/contracts/fault';
import {
  makeSrCreateSchema,
  makeSrFromFaultSchema,
  SR_MAX_ATTACHMENTS,
  type SrPriority,
  type SrReceiverType,
} from '@amp/contracts/service-request';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Spoiler, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconMessageReport, IconSend } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CodeText } from '../../components/code-text';
import { formatDateTime } from '../../components/data/format';
import { ListError } from '../../components/data/list-feedback';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { bodyResolver } from '../../components/data/use-body-resolver';
import { FaultStatusBadge } from '../../components/fault-status-badge';
import { AuthedImage } from '../../components/files/authed-image';
import { AttachmentsField, useAttachmentDrafts } from '../../components/forms/attachments-field';
import { FormPageSkeleton } from '../../components/forms/form-page-skeleton';
import { FormSection, FULL_ROW } from '../../components/forms/form-section';
import { PriorityField } from '../../components/forms/priority-field';
import { ProviderFields } from '../../components/forms/provider-fields';
import type { RequestFormTexts } from '../../components/forms/request-form-texts';
import { RequestTextFields } from '../../components/forms/request-text-fields';
import { SubjectFields, withMissingSubject } from '../../components/forms/subject-fields';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useFault } from '../../lib/queries/faults';
import { SR_PROVIDERS, useRaiseFromFault, useSendServiceRequest } from './service-request-forms-api';
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

const SR_TEXTS: RequestFormTexts = {
  field: 'srForms.field',
  form: 'srForms.send',
  receiverType: 'srForms.receiverType',
  priority: 'serviceRequests.priority',
};

/**
 * The contract's schema of the mode, on the values it takes: a request about an asset or cluster
 * (POST /v2/sr/create), or one raised from a fault (POST /v2/sr/fault/:id: the fault gives the rest).
 */
function resolverOf(mode: Mode): Resolver<SendValues> {
  if (mode === 'fault') {
    return bodyResolver(makeSrFromFaultSchema(translateMessage), (values: SendValues) => ({
      title: values.title,
      priority: values.priority,
      receiverType: values.receiverType,
      provider: values.provider,
    }));
  }
  const check = bodyResolver(makeSrCreateSchema(translateMessage), (values: SendValues) => ({ ...values, attachments: [] }));
  return async (values, context, options) => withMissingSubject(values, await check(values, context, options));
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
  const attachments = useAttachmentDrafts();
  const { errors } = form.formState;
  const [asset, cluster] = form.watch(['asset', 'cluster']);

  // The values as typed are sent (the resolver's output is the schema's, not the form's).
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    attachments.clearError();
    try {
      const sent = await send.mutateAsync({
        title: values.title,
        description: values.description,
        priority: values.priority as SrPriority,
        receiverType: values.receiverType as SrReceiverType,
        provider: values.provider,
        asset: values.asset,
        cluster: values.cluster,
        attachments: attachments.ids(),
      });
      notifySuccess(t('SR.SENT'));
      navigate(`/service-request/view/${sent._id}`);
    } catch (error) {
      const rest = attachments.takeErrors(error);
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
            <FormSection title={t('srForms.send.aboutSection')} hint={t('srForms.send.aboutHint')} twoColumns>
              <SubjectFields form={form} texts={SR_TEXTS} initialAssetId={assetId} initialClusterId={clusterId} />
            </FormSection>

            <FormSection title={t('srForms.send.recipientSection')} twoColumns>
              <ProviderFields form={form} source={SR_PROVIDERS} texts={SR_TEXTS} subject={{ asset, cluster }} withSlaHint />
            </FormSection>

            <FormSection title={t('srForms.send.requestSection')} twoColumns>
              <PriorityField form={form} texts={SR_TEXTS} colors={SR_PRIORITY_COLORS} />
              <RequestTextFields
                texts={SR_TEXTS}
                title={{ ...form.register('title'), error: errors.title?.message }}
                description={{ ...form.register('description'), error: errors.description?.message }}
              />
              <AttachmentsField drafts={attachments} texts={SR_TEXTS} max={SR_MAX_ATTACHMENTS} />
            </FormSection>

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

  if (fault.isPending) return <FormPageSkeleton />;
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
              <FormSection title={t('srForms.send.recipientSection')} twoColumns>
                <ProviderFields
                  form={form}
                  source={SR_PROVIDERS}
                  texts={SR_TEXTS}
                  subject={{ asset: data.asset._id, cluster: null }}
                  withSlaHint
                />
              </FormSection>
              <FormSection title={t('srForms.send.requestSection')} twoColumns>
                <PriorityField form={form} texts={SR_TEXTS} colors={SR_PRIORITY_COLORS} />
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
              </FormSection>
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
