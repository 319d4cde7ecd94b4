import { SR_MAX_ATTACHMENTS, type SrPriority, type SrReceiverType } from '@amp/contracts/service-request';
import { makeWoCreateSchema, makeWoUpdateSchema } from '@amp/contracts/work-order';
import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { applyServerErrors } from '../../components/data/server-errors';
import { bodyResolver } from '../../components/data/use-body-resolver';
import { type ApprovalPreviewState, approvalPreviewOf } from '../../components/forms/approval-preview';
import { AttachmentsField, useAttachmentDrafts } from '../../components/forms/attachments-field';
import { costLinesTotal } from '../../components/forms/cost-lines';
import { DraftSubmitButtons } from '../../components/forms/draft-submit-buttons';
import { FormCard } from '../../components/forms/form-card';
import { FormFact } from '../../components/forms/form-fact';
import { FormIntro } from '../../components/forms/form-intro';
import { FormPageSkeleton } from '../../components/forms/form-page-skeleton';
import { FormSection, FULL_ROW } from '../../components/forms/form-section';
import { NotEditableAlert } from '../../components/forms/not-editable-alert';
import { OrderLinesField } from '../../components/forms/order-lines-field';
import { PriorityField } from '../../components/forms/priority-field';
import { ProviderFields } from '../../components/forms/provider-fields';
import type { RequestFormTexts } from '../../components/forms/request-form-texts';
import { RequestTextFields } from '../../components/forms/request-text-fields';
import { SubjectFields, withMissingSubject } from '../../components/forms/subject-fields';
import { subjectText } from '../../components/forms/subject-text';
import { useSaveOrSubmit } from '../../components/forms/use-save-or-submit';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { WO_PRIORITY_COLORS, WoStatusBadge } from './wo-badges';
import { draftOf, type LineDraft, lineBody } from './wo-lines-editor';
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
  const check = bodyResolver(editing ? makeWoUpdateSchema(translateMessage) : makeWoCreateSchema(translateMessage), (values: FormValues) =>
    bodyOf(values, editing, false),
  );
  return async (values, context, options) => {
    const result = await check(values, context, options);
    // An edited work order keeps its subject.
    return editing ? result : withMissingSubject(values, result);
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
          <NotEditableAlert
            title={t('workOrders.form.notEditableTitle')}
            hint={t('workOrders.form.notEditableHint', { status: t(`workOrders.status.${data.status}`) })}
            to={`/work-order/view/${data._id}`}
            linkLabel={t('workOrders.form.openOrder', { code: data.code })}
          />
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
  const editing = order !== null;
  const create = useCreateWorkOrder();
  const update = useUpdateWorkOrder(order?._id ?? '');
  const resolver = useMemo(() => resolverOf(editing), [editing]);
  const form = useForm<FormValues>({ resolver, mode: 'onTouched', defaultValues: valuesOf(order, initialAsset, initialCluster) });
  const attachments = useAttachmentDrafts();
  const [providerName, setProviderName] = useState(order?.provider.name ?? '');
  const { errors } = form.formState;
  const [asset, cluster, provider, lines] = form.watch(['asset', 'cluster', 'provider', 'lines']);
  const { total, incomplete } = costLinesTotal(lines);
  const preview = useApprovalPreview(total);
  const pending = create.isPending || update.isPending;

  const { send, submitting } = useSaveOrSubmit({
    form,
    texts: 'workOrders',
    save: (values, submit) => {
      attachments.clearError();
      return order
        ? update.mutateAsync(bodyOf(values, true, submit))
        : create.mutateAsync({ ...(bodyOf(values, false, submit) as WoCreateBody), attachments: attachments.ids() });
    },
    href: (saved) => `/work-order/view/${saved._id}`,
    onRefused: (error) => {
      const rest = attachments.takeErrors(error);
      if (rest) applyServerErrors(rest, form.setError, FIELDS);
    },
  });

  return (
    <Stack gap="md" maw={960}>
      <FormIntro
        editing={order ? { code: order.code, badge: <WoStatusBadge status={order.status} size="sm" /> } : null}
        intro={t('workOrders.form.intro')}
        pendingHint={order?.status === 'pending_approval' ? t('workOrders.form.pendingHint') : null}
      />
      <FormCard onSubmit={() => void send(true)}>
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
          <OrderLinesField
            control={form.control}
            texts="workOrders"
            preview={preview}
            incomplete={incomplete}
            pricebook={provider ? { organisationId: provider, name: providerName || t('workOrders.form.theProvider') } : null}
            noPricebookHint={t('workOrders.form.chooseProviderForPricebook')}
            hint={t('workOrders.form.linesHint')}
          />
        </FormSection>

        <DraftSubmitButtons
          texts="workOrders"
          cancelTo={order ? `/work-order/view/${order._id}` : '/work-order/outgoing'}
          pending={pending}
          submitting={submitting}
          onSaveDraft={() => void send(false)}
          blocked={preview.kind === 'above'}
        />
      </FormCard>
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
