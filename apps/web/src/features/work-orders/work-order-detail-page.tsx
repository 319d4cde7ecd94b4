import type { ApprovalStep } from '@amp/contracts/approval';
import { WO_TAB_STATUSES, type WoLine } from '@amp/contracts/work-order';
import { Badge, Grid, Group, type MantineColor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconCertificate,
  IconCheck,
  IconFlagCheck,
  IconHandStop,
  IconLock,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconStar,
  IconThumbDown,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatDate, formatDateTime, formatNaira, formatNumber } from '../../components/data/format';
import { RecordTimeline } from '../../components/data/record-timeline';
import { FileGallery } from '../../components/files/file-gallery';
import { ApprovalSteps } from '../../components/workflow/approval-steps';
import { AssignedStaffList } from '../../components/workflow/assigned-staff-list';
import { CodeLink } from '../../components/workflow/code-link';
import { CostLineName } from '../../components/workflow/cost-line-name';
import { CostLinesTable } from '../../components/workflow/cost-lines-table';
import { DetailCard } from '../../components/workflow/detail-card';
import { DetailByline, DetailHeader, DetailTitle } from '../../components/workflow/detail-header';
import { DetailTotal } from '../../components/workflow/detail-total';
import { Fact, FactBlock, FactLabel } from '../../components/workflow/fact';
import { ReasonAlert } from '../../components/workflow/reason-alert';
import { RecordDetailFrame } from '../../components/workflow/record-detail-frame';
import { type StepButton, StepButtons } from '../../components/workflow/step-buttons';
import { SubjectLinks } from '../../components/workflow/subject-links';
import { useStepDialog } from '../../components/workflow/use-step-dialog';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { OfflineNote } from '../../offline/cache/offline-note';
import { usePendingEntries } from '../../offline/outbox/outbox';
import { PendingNotice } from '../../offline/outbox/pending-notice';
import { ActionDialog, AssignDialog, CompleteDialog, RateDialog, type SimpleAction } from './wo-action-dialogs';
import { RatingStars, WoApprovalBadge, WoClockPanel, WoPriorityBadge, WoStatusBadge } from './wo-badges';
import { WoMaterialsCard } from './wo-materials-card';
import { withPendingSteps } from './wo-pending';
import { useWorkOrder, type WoDetail } from './work-orders-api';

/** The list a reader comes back to: the list the work order is on now, on the reader's side if it can be. */
function useBackLink(order: WoDetail | undefined): { to: string; label: string } {
  const { can } = useAuth();
  const status = order?.status;
  const on = (tab: keyof typeof WO_TAB_STATUSES) => Boolean(status && (WO_TAB_STATUSES[tab] as readonly string[]).includes(status));
  const owner = order?.parties.includes('owner');
  const candidates = [
    on('certified') && can('viewCompletedWO') ? 'certified' : null,
    on('completed') && can('viewCompletedWO') ? 'completed' : null,
    owner && can('viewOutgoingWO') ? 'outgoing' : null,
    can('viewIncomingWO') ? 'incoming' : null,
    can('viewOutgoingWO') ? 'outgoing' : null,
    can('approveWO') ? 'approval-requests' : null,
  ];
  const tab = candidates.find(Boolean);
  return tab
    ? { to: `/work-order/${tab}`, label: `workOrders.detail.back.${tab}` }
    : { to: '/dashboard', label: 'workOrders.detail.back.dashboard' };
}

/** /work-order/view/:id: one work order with its costs, approvals, clocks, work, certification, rating and history, and its steps. */
export default function WorkOrderDetailPage() {
  const { id = '' } = useParams();
  const order = useWorkOrder(id);
  const back = useBackLink(order.data);
  return (
    <Stack gap="sm">
      <OfflineNote query={order} />
      <RecordDetailFrame back={back} query={order} texts="workOrders" headerHeight={150}>
        {(data) => <OrderView order={data} />}
      </RecordDetailFrame>
    </Stack>
  );
}

type Dialog = SimpleAction | 'assign' | 'complete' | 'rate';

/** The buttons, in the order a reader meets them, with their look; `edit` is a link. */
const BUTTONS: StepButton<Dialog>[] = [
  { action: 'approve', needs: 'approve', icon: <IconCheck size={18} />, color: 'teal' },
  { action: 'reject', needs: 'approve', icon: <IconX size={18} />, color: 'red', variant: 'light' },
  { action: 'submit', needs: 'submit', icon: <IconSend size={18} /> },
  { action: 'accept', needs: 'accept', icon: <IconCheck size={18} />, color: 'teal' },
  { action: 'decline', needs: 'decline', icon: <IconX size={18} />, color: 'red', variant: 'light' },
  { action: 'assign', needs: 'assign', icon: <IconUserPlus size={18} />, variant: 'light' },
  { action: 'start', needs: 'start', icon: <IconPlayerPlay size={18} /> },
  { action: 'resume', needs: 'resume', icon: <IconPlayerPlay size={18} /> },
  { action: 'complete', needs: 'complete', icon: <IconFlagCheck size={18} />, color: 'teal' },
  { action: 'hold', needs: 'hold', icon: <IconPlayerPause size={18} />, color: 'orange', variant: 'light' },
  { action: 'certify', needs: 'certify', icon: <IconCertificate size={18} />, color: 'teal' },
  { action: 'unsatisfactory', needs: 'unsatisfactory', icon: <IconThumbDown size={18} />, color: 'orange', variant: 'light' },
  { action: 'rate', needs: 'rate', icon: <IconStar size={18} />, color: 'teal' },
  { action: 'close', needs: 'close', icon: <IconLock size={18} />, variant: 'default' },
  { action: 'end', needs: 'end', icon: <IconHandStop size={18} />, color: 'red', variant: 'subtle' },
];

function OrderView({ order: read }: { order: WoDetail }) {
  const { t } = useTranslation();
  // Steps taken offline show at once, before they are sent.
  const pending = usePendingEntries('wo', read._id);
  const order = withPendingSteps(read, pending);
  const { user } = useAuth();
  const { dialog, opened, open, close } = useStepDialog<Dialog>();

  const { actions } = order;
  const pendingStep = order.steps.find((step) => step.status === 'pending');
  const rejectedStep = order.status === 'draft' ? order.steps.find((step) => step.status === 'rejected') : undefined;
  const planned = order.lines.filter((line) => line.stage === 'planned');
  const used = order.lines.filter((line) => line.stage === 'used');
  const simple = dialog && dialog !== 'assign' && dialog !== 'complete' && dialog !== 'rate' ? dialog : null;

  return (
    <>
      <DetailHeader
        code={order.code}
        badges={
          <>
            <WoStatusBadge status={order.status} />
            <WoPriorityBadge priority={order.priority} />
            {/* Awaiting approval is its status already; one that needs none says nothing. */}
            {order.approval === 'approved' || order.approval === 'rejected' ? <WoApprovalBadge approval={order.approval} /> : null}
          </>
        }
        basis={320}
        aside={
          <DetailTotal label={t('workOrders.detail.total')} total={order.total}>
            {order.actualKobo !== order.totalKobo ? (
              <Text size="sm" fw={600} data-testid="wo-actual-cost">
                {t('workOrders.detail.actual', { amount: formatNaira(order.actual) })}
              </Text>
            ) : null}
            {order.dueDate ? (
              <Text size="sm" c="dimmed">
                {t('workOrders.detail.dueOn', { date: formatDate(order.dueDate) })}
              </Text>
            ) : null}
          </DetailTotal>
        }
        footer={
          <StepButtons buttons={BUTTONS} actions={actions} editTo={`/work-order/edit/${order._id}`} texts="workOrders" onOpen={open} />
        }
      >
        <DetailTitle>{order.title}</DetailTitle>
        <SubjectLinks subject={order} inClusterText={t('workOrders.detail.inCluster')} />
        <DetailByline
          text={t('workOrders.detail.raisedBy', { owner: order.owner.name, provider: order.provider.name })}
          at={order.createdAt}
        />
      </DetailHeader>

      <PendingNotice entries={pending} />
      <StatusAlerts order={order} rejectedStep={rejectedStep} pendingStep={pendingStep} myId={user?._id} />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <DetailCard title={t('workOrders.detail.details')} fill>
            <Fact label={t('workOrders.field.description')}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{order.description}</span>
            </Fact>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
              <Fact label={t('workOrders.party.owner')}>{order.owner.name}</Fact>
              <Fact label={t('workOrders.party.provider')}>
                <Stack gap={2}>
                  <span>{order.provider.name}</span>
                  <ProviderRating rating={order.providerRating} />
                </Stack>
              </Fact>
              <Fact label={t('workOrders.field.receiverType')}>{t(`workOrders.receiverType.${order.receiverType}`)}</Fact>
              <Fact label={t('workOrders.field.dueDate')}>{order.dueDate ? formatDate(order.dueDate) : null}</Fact>
              {order.createdBy ? <Fact label={t('workOrders.field.createdBy')}>{order.createdBy.name}</Fact> : null}
              <Fact label={t('workOrders.field.createdAt')}>{formatDateTime(order.createdAt)}</Fact>
              <Fact label={t('workOrders.field.sentAt')}>{order.sentAt ? formatDateTime(order.sentAt) : null}</Fact>
              <Fact label={t('workOrders.field.acceptedAt')}>{order.acceptedAt ? formatDateTime(order.acceptedAt) : null}</Fact>
              <Fact label={t('workOrders.field.completedAt')}>{order.completedAt ? formatDateTime(order.completedAt) : null}</Fact>
              <Fact label={t('workOrders.field.closedAt')}>{order.closedAt ? formatDateTime(order.closedAt) : null}</Fact>
            </SimpleGrid>
            <Origin order={order} />
            {order.attachments.length > 0 ? (
              <Stack gap={4}>
                <FactLabel>{t('workOrders.detail.attachments')}</FactLabel>
                <FileGallery files={order.attachments} />
              </Stack>
            ) : null}
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <DetailCard title={t('workOrders.detail.sla')}>
              {order.sla ? (
                <>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {order.sla.title}
                  </Text>
                  <WoClockPanel kind="response" clock={order.response} />
                  <WoClockPanel kind="resolution" clock={order.resolution} />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('workOrders.detail.noSla')}
                </Text>
              )}
            </DetailCard>
            <DetailCard title={t('workOrders.detail.staff', { count: order.assignedStaff.length })}>
              <AssignedStaffList staff={order.assignedStaff} texts="workOrders" />
            </DetailCard>
          </Stack>
        </Grid.Col>
      </Grid>

      <DetailCard title={t('workOrders.detail.costs')}>
        <FactBlock label={t('workOrders.detail.planned')} empty={t('workOrders.detail.noLines')}>
          {planned.length > 0 ? <LinesTable lines={planned} total={order.total} /> : null}
        </FactBlock>
        {order.completedAt || used.length > 0 ? (
          <FactBlock label={t('workOrders.detail.used')} empty={t('workOrders.detail.noUsedLines')}>
            {used.length > 0 ? <LinesTable lines={used} total={order.usedTotal} /> : null}
          </FactBlock>
        ) : null}
      </DetailCard>

      <WoMaterialsCard order={order} />

      <DetailCard title={t('workOrders.detail.approvals')}>
        <ApprovalSteps
          steps={order.steps}
          empty={t(order.approval === 'none' && order.sentAt ? 'workOrders.approvals.notNeeded' : 'workOrders.approvals.notSubmitted')}
          texts="workOrders"
          myId={user?._id}
        />
      </DetailCard>

      {order.completedAt || order.completionNote ? (
        // A completion found unsatisfactory stays in view until the next one replaces it.
        <DetailCard title={t(order.completedAt ? 'workOrders.detail.completion' : 'workOrders.detail.previousCompletion')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
            <Fact label={t('workOrders.field.completedAt')}>{order.completedAt ? formatDateTime(order.completedAt) : null}</Fact>
            <Fact label={t('workOrders.field.timeSpent')}>
              {order.timeSpentHours === null
                ? null
                : t('workOrders.detail.hours', { count: order.timeSpentHours, hours: formatNumber(order.timeSpentHours) })}
            </Fact>
          </SimpleGrid>
          <Fact label={t('workOrders.field.completionNote')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{order.completionNote}</span>
          </Fact>
          <FactBlock label={t('workOrders.field.photos')} empty={t('workOrders.detail.noPhotos')}>
            {order.photos.length > 0 ? <FileGallery files={order.photos} /> : null}
          </FactBlock>
        </DetailCard>
      ) : null}

      {order.completedAt ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DetailCard title={t('workOrders.detail.certification')} fill>
              <CertificationRow side="owner" certification={order.ownerCertification} />
              <CertificationRow side="provider" certification={order.providerCertification} />
            </DetailCard>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DetailCard title={t('workOrders.detail.rating')} fill>
              {order.rating ? (
                <Stack gap={6}>
                  <Group gap="sm">
                    <RatingStars value={order.rating} size="md" />
                    <Text size="sm" fw={500}>
                      {t(`workOrders.rating.word.${order.rating}`)}
                    </Text>
                  </Group>
                  {order.ratingComment ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {order.ratingComment}
                    </Text>
                  ) : null}
                  {order.ratedBy ? (
                    <Text size="xs" c="dimmed">
                      {t('workOrders.detail.ratedBy', { name: order.ratedBy.name })}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t(order.status === 'closed' ? 'workOrders.detail.closedUnrated' : 'workOrders.detail.notRated')}
                </Text>
              )}
              <Stack gap={2}>
                <FactLabel>{t('workOrders.detail.providerAverage', { name: order.provider.name })}</FactLabel>
                <ProviderRating rating={order.providerRating} />
              </Stack>
            </DetailCard>
          </Grid.Col>
        </Grid>
      ) : null}

      {order.recalls.length > 0 ? (
        <DetailCard title={t('workOrders.detail.recalls', { count: order.recalls.length })}>
          <Text size="sm" c="dimmed">
            {t('workOrders.detail.recallsHint')}
          </Text>
          <Stack gap={4}>
            {order.recalls.map((recall) => (
              <Group key={recall._id} gap="sm">
                <FaultLink id={recall._id} code={recall.code} />
                <Text size="xs" c="dimmed">
                  {formatDateTime(recall.createdAt)}
                </Text>
              </Group>
            ))}
          </Stack>
        </DetailCard>
      ) : null}

      <DetailCard title={t('workOrders.detail.timeline')}>
        <RecordTimeline entries={order.timeline} empty={t('workOrders.detail.timelineEmpty')} />
      </DetailCard>

      <ActionDialog order={order} action={simple} opened={opened !== null && opened === simple} onClose={close} />
      <AssignDialog order={order} opened={opened === 'assign'} onClose={close} />
      <CompleteDialog order={order} opened={opened === 'complete'} onClose={close} />
      <RateDialog order={order} opened={opened === 'rate'} onClose={close} />
    </>
  );
}

/** Why it stands where it stands: declined, on hold, ended, found unsatisfactory, rejected by an approver, or awaiting the reader. */
function StatusAlerts({
  order,
  rejectedStep,
  pendingStep,
  myId,
}: {
  order: WoDetail;
  rejectedStep: ApprovalStep | undefined;
  pendingStep: ApprovalStep | undefined;
  myId: string | undefined;
}) {
  const { t } = useTranslation();
  const note = (color: MantineColor, title: string, text: string | null) => <ReasonAlert color={color} title={title} text={text} />;
  return (
    <>
      {order.status === 'declined' ? note('red', t('workOrders.detail.declined'), order.declineReason) : null}
      {order.status === 'on_hold' ? note('grape', t('workOrders.detail.onHold'), order.holdReason) : null}
      {order.status === 'ended' ? note('gray', t('workOrders.detail.ended'), order.endReason) : null}
      {order.status === 'in_progress' && order.unsatisfactoryCount > 0 && order.unsatisfactoryReason
        ? note('orange', t('workOrders.detail.unsatisfactory', { count: order.unsatisfactoryCount }), order.unsatisfactoryReason)
        : null}
      {rejectedStep
        ? note(
            'red',
            t('workOrders.detail.rejected', { level: rejectedStep.name, name: rejectedStep.decidedBy?.name ?? '–' }),
            rejectedStep.reason,
          )
        : null}
      {pendingStep && order.actions.includes('approve') && pendingStep.approvers.some((approver) => approver._id === myId)
        ? note('orange', t('workOrders.detail.awaitingYou', { level: pendingStep.name }), t('workOrders.detail.awaitingYouHint'))
        : null}
    </>
  );
}

function CertificationRow({ side, certification }: { side: 'owner' | 'provider'; certification: WoDetail['ownerCertification'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t(`workOrders.certification.${side}`)}
        </Text>
        {certification ? (
          <Badge color="teal" variant="light" leftSection={<IconCertificate size={12} aria-hidden />}>
            {t('workOrders.certification.done')}
          </Badge>
        ) : (
          <Badge color="gray" variant="outline">
            {t('workOrders.certification.awaiting')}
          </Badge>
        )}
      </Group>
      {certification ? (
        <Stack gap={2} mt={6}>
          <Text size="xs" c="dimmed">
            {[certification.by?.name, formatDateTime(certification.at)].filter(Boolean).join(' · ')}
          </Text>
          {certification.comment ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {certification.comment}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

function ProviderRating({ rating }: { rating: WoDetail['providerRating'] }) {
  const { t } = useTranslation();
  if (rating.count === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('workOrders.rating.noneYet')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <RatingStars value={rating.average} size="xs" />
      <Text size="xs" c="dimmed">
        {t('workOrders.rating.average', {
          average: new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(rating.average),
          count: rating.count,
        })}
      </Text>
    </Group>
  );
}

/** What it was raised from: a fault, a service request and its observation (with the observation's evidence). */
function Origin({ order }: { order: WoDetail }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  if (!order.fault && !order.serviceRequest && !order.observation) return null;
  const srHref =
    order.serviceRequest && can(['viewSR', 'viewOutgoingSR', 'viewIncomingSR', 'viewCompletedSR'])
      ? `/service-request/view/${order.serviceRequest._id}`
      : null;
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        <FactLabel>{t('workOrders.detail.origin')}</FactLabel>
        <Group gap="lg" wrap="wrap">
          {order.fault ? (
            <Text size="sm">
              {t('workOrders.detail.fromFault')} <FaultLink id={order.fault._id} code={order.fault.code} />
            </Text>
          ) : null}
          {order.serviceRequest ? (
            <Text size="sm">
              {t('workOrders.detail.fromRequest')} <CodeLink to={srHref} code={order.serviceRequest.code} />
            </Text>
          ) : null}
          {order.observation ? (
            <Group gap={6}>
              <Text size="sm">{t('workOrders.detail.fromObservation')}</Text>
              <Badge variant="filled" color={order.observation.type === 'okay' ? 'teal.8' : 'red.8'} size="sm">
                {t(`workOrders.observationType.${order.observation.type}`)}
              </Badge>
            </Group>
          ) : null}
        </Group>
        {order.evidence.length > 0 ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('workOrders.detail.evidence')}
            </Text>
            <FileGallery files={order.evidence} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function FaultLink({ id, code }: { id: string; code: string }) {
  const { can } = useAuth();
  return <CodeLink to={can(['manageAssetFault', 'viewAsset', 'viewAssignedAsset']) ? `/asset/reported-faults/${id}` : null} code={code} />;
}

/** A work order's cost lines, each marked with its kind and when it is a free line. */
function LinesTable({ lines, total }: { lines: WoLine[]; total: string }) {
  return (
    <CostLinesTable lines={lines} total={total} renderName={(line) => <CostLineName line={line} texts="workOrders" />} texts="workOrders" />
  );
}
