import { SR_MAX_ATTACHMENTS, type SrPriority, type SrReceiverType } from '@amp/contracts/service-request';
import { makeWoCreateSchema, makeWoUpdateSchema } from '@amp/contracts/work-order';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { CodeText } from '../../components/code-text';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { ApprovalPreview, type ApprovalPreviewState, approvalPreviewOf } from '../../components/forms/approval-preview';
import { AttachmentsField, useAttachmentDrafts } from '../../components/forms/attachments-field';
import { costLinesTotal } from '../../components/forms/cost-lines';
import { FormFact } from '../../components/forms/form-fact';
import { FormPageSkeleton } from '../../components/forms/form-page-skeleton';
import { FormSection, FULL_ROW } from '../../components/forms/form-section';
import { PriorityField } from '../../components/forms/priority-field';
import { ProviderFields } from '../../components/forms/provider-fields';
import type { RequestFormTexts } from '../../components/forms/request-form-texts';
import { RequestTextFields } from '../../components/forms/request-text-fields';
import { SubjectFields, withMissingSubject } from '../../components/forms/subject-fields';
import { subjectText } from '../../components/forms/subject-text';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { WO_PRIORITY_COLORS, WoStatusBadge } from './wo-badges';
import { draftOf, type LineDraft, type LineErrors, LinesEditor, lineBody } from './wo-lines-editor';
import {
  useCreateWorkOrder,
  useUpdateWorkOrder,
  useWoApprovalLevels,
  useWorkOrder,
  WO_PROVIDERS,
  type WoCreateBody,
  type WoDetail,
  type WoUpdateBody,
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

const WO_TEXTS: RequestFormTexts = {
  field: 'workOrders.field',
  form: 'workOrders.form',
  receiverType: 'workOrders.receiverType',
  priority: 'workOrders.priority',
};

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
    // An edited work order keeps its subject.
    return (editing ? result : withMissingSubject(values, result)) as never;
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
      skeleton={<FormPageSkeleton />}
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
  const attachments = useAttachmentDrafts();
  const [providerName, setProviderName] = useState(order?.provider.name ?? '');
  const submitting = useRef(false);
  const { errors } = form.formState;
  const [asset, cluster, provider, lines] = form.watch(['asset', 'cluster', 'provider', 'lines']);
  const { total, incomplete } = costLinesTotal(lines);
  const preview = useApprovalPreview(total);
  const pending = create.isPending || update.isPending;

  const send = (submit: boolean) =>
    form.handleSubmit(async () => {
      const values = form.getValues();
      attachments.clearError();
      submitting.current = submit;
      try {
        const saved = order
          ? await update.mutateAsync(bodyOf(values, true, submit))
          : await create.mutateAsync({
              ...(bodyOf(values, false, submit) as WoCreateBody),
              attachments: attachments.ids(),
            });
        notifySuccess(t(savedMessage(saved, submit)));
        navigate(`/work-order/view/${saved._id}`);
      } catch (error) {
        const rest = attachments.takeErrors(error);
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
            <FormSection title={t('workOrders.form.aboutSection')} hint={editing ? undefined : t('workOrders.form.aboutHint')} twoColumns>
              {order ? (
                <FixedTarget order={order} />
              ) : (
                <SubjectFields form={form} texts={WO_TEXTS} initialAssetId={initialAsset} initialClusterId={initialCluster} />
              )}
            </FormSection>

            {order ? null : (
              <FormSection title={t('workOrders.form.recipientSection')} twoColumns>
                <ProviderFields
                  form={form}
                  source={WO_PROVIDERS}
                  texts={WO_TEXTS}
                  subject={{ asset, cluster }}
                  onProviderName={setProviderName}
                />
              </FormSection>
            )}

            <FormSection title={t('workOrders.form.workSection')} twoColumns>
              <PriorityField form={form} texts={WO_TEXTS} colors={WO_PRIORITY_COLORS} />
              <RequestTextFields
                texts={WO_TEXTS}
                title={{ ...form.register('title'), error: errors.title?.message }}
                description={{ ...form.register('description'), error: errors.description?.message }}
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
              {order ? null : <AttachmentsField drafts={attachments} texts={WO_TEXTS} max={SR_MAX_ATTACHMENTS} />}
              {order && order.attachments.length > 0 ? (
                <Text size="xs" c="dimmed" style={FULL_ROW}>
                  {t('workOrders.form.attachmentsKept', { count: order.attachments.length })}
                </Text>
              ) : null}
            </FormSection>

            <FormSection title={t('workOrders.form.linesSection')}>
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
                    footer={
                      field.value.length > 0 ? <ApprovalPreview preview={preview} incomplete={incomplete} texts="workOrders" /> : null
                    }
                  />
                )}
              />
            </FormSection>

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

/**
 * Which approval levels the total will need. Only those who configure or approve may read the
 * levels; for anyone else the preview stays unknown.
 */
function useApprovalPreview(total: bigint): ApprovalPreviewState {
  const { can } = useAuth();
  const levels = useWoApprovalLevels(can(['woConfiguration', 'approveWO']));
  return approvalPreviewOf(levels.data, total);
}

/** An edited work order keeps what it is about and its provider: shown, not asked. */
function FixedTarget({ order }: { order: WoDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <FormFact label={order.asset ? t('workOrders.field.asset') : t('workOrders.field.cluster')} emphasised>
        {subjectText(order, (name) => t('workOrders.subject.cluster', { name }))}
      </FormFact>
      <FormFact label={t('workOrders.field.provider')} emphasised>
        {order.provider.name} · {t(`workOrders.receiverType.${order.receiverType}`)}
      </FormFact>
      <Text size="xs" c="dimmed" style={FULL_ROW}>
        {t('workOrders.form.fixedHint')}
      </Text>
    </>
  );
}
