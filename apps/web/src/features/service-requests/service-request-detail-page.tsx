import type { PermissionRule } from '@amp/contracts/permissions';
import {
  makeObservationDecisionSchema,
  makeSrAssignSchema,
  makeSrCloseSchema,
  makeSrReasonSchema,
  type Observation,
  type ObservationLine,
  type SrPriority,
  type SrReceiverType,
} from '@amp/contracts/service-request';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconClipboardCheck, IconEdit, IconInfoCircle, IconLock, IconTool, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDateTime, formatNaira } from '../../components/data/format';
import { RecordTimeline } from '../../components/data/record-timeline';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { FileGallery } from '../../components/files/file-gallery';
import { AssignStaffDialog } from '../../components/workflow/assign-staff-dialog';
import { AssignedStaffList } from '../../components/workflow/assigned-staff-list';
import { CodeLink } from '../../components/workflow/code-link';
import { ContactLink } from '../../components/workflow/contact-link';
import { CostLinesTable } from '../../components/workflow/cost-lines-table';
import { DetailCard } from '../../components/workflow/detail-card';
import { DetailByline, DetailHeader, DetailTitle } from '../../components/workflow/detail-header';
import { DetailSkeleton } from '../../components/workflow/detail-skeleton';
import type { DialogOutcome } from '../../components/workflow/dialog-outcome';
import { Fact, FactBlock } from '../../components/workflow/fact';
import { fieldMessage } from '../../components/workflow/field-message';
import { ReasonAlert } from '../../components/workflow/reason-alert';
import { ReasonDialog } from '../../components/workflow/reason-dialog';
import { SubjectLinks } from '../../components/workflow/subject-links';
import { DueDateInput, PriorityPicker, WorkOrderTitleInput } from '../../components/workflow/work-order-fields';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { type SrDetail, useServiceRequest, useServiceRequestStaff } from '../../lib/queries/service-requests';
import { OfflineNote } from '../../offline/cache/offline-note';
import { usePendingEntries } from '../../offline/outbox/outbox';
import { PendingNotice } from '../../offline/outbox/pending-notice';
import {
  useAcceptServiceRequest,
  useAssignServiceRequest,
  useCloseServiceRequest,
  useDecideObservation,
  useDeclineServiceRequest,
  useRaiseWorkOrderFromObservation,
} from './service-requests-api';
import { ObservationStatusBadge, ObservationTypeBadge, SrClockPanel, SrPriorityBadge, SrStatusBadge } from './sr-badges';
import { withPendingActions } from './sr-pending';

/** Who may open a work order's page (its route's rule): the link to a work order raised from an observation needs one. */
const WORK_ORDER_READERS: PermissionRule = ['manageWO', 'approveWO', 'viewOutgoingWO', 'viewIncomingWO', 'viewCompletedWO'];

const RECEIVER_TYPE_KEYS: Record<SrReceiverType, string> = { IMO: 'imo', MRO: 'mro', 'EXT. TECHNICIAN': 'extTechnician' };

/** The list a reader comes back to: the finished list for a finished request, else the reader's own side's list. */
function useBackLink(request: SrDetail | undefined): { to: string; label: string } {
  const { can } = useAuth();
  const finished = request && (request.status === 'closed' || request.status === 'declined');
  const owner = request?.parties.includes('owner');
  const order = [
    finished && can('viewCompletedSR') ? 'completed' : null,
    owner && can('viewOutgoingSR') ? 'outgoing' : null,
    can('viewIncomingSR') ? 'incoming' : null,
    can('viewOutgoingSR') ? 'outgoing' : null,
    can('viewCompletedSR') ? 'completed' : null,
  ];
  const tab = order.find(Boolean);
  return tab
    ? { to: `/service-request/${tab}`, label: `serviceRequests.detail.back.${tab}` }
    : { to: '/dashboard', label: 'serviceRequests.detail.back.dashboard' };
}

/** /service-request/view/:id: one request with its clocks, files, staff, observations, history and the actions the reader may take. */
export default function ServiceRequestDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const request = useServiceRequest(id);
  const back = useBackLink(request.data);
  return (
    <Stack gap="sm">
      <OfflineNote query={request} />
      <DetailPageFrame
        backTo={back.to}
        backLabel={t(back.label)}
        query={request}
        skeleton={<DetailSkeleton headerHeight={140} />}
        notFoundTitle={t('serviceRequests.detail.notFound')}
        notFoundHint={t('serviceRequests.detail.notFoundHint')}
      >
        {(data) => <RequestView request={data} />}
      </DetailPageFrame>
    </Stack>
  );
}

type Decision = 'accept' | 'decline' | 'close' | 'acceptObservation' | 'rejectObservation';

/** Brings an observation into view and moves the focus there (for keyboard and screen reader users too). */
function showObservation(id: string) {
  const element = document.getElementById(`observation-${id}`);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  element.focus({ preventScroll: true });
}

function RequestView({ request: read }: { request: SrDetail }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [decision, setDecision] = useState<{ kind: Decision; observation?: Observation } | null>(null);
  // Kept apart from the decision so the dialog's text does not change while it animates closed.
  const [opened, setOpened] = useState(false);
  const [assignOpened, setAssignOpened] = useState(false);
  const [workOrderFrom, setWorkOrderFrom] = useState<Observation | null>(null);
  const [workOrderOpened, setWorkOrderOpened] = useState(false);
  // An observation taken offline and not sent yet: the request shows it waiting, not as still to do.
  const pending = usePendingEntries('sr', read._id);
  const request = withPendingActions(read, pending);
  const decide = (kind: Decision, observation?: Observation) => {
    setDecision({ kind, observation });
    setOpened(true);
  };
  const raiseWorkOrder = (observation: Observation) => {
    setWorkOrderFrom(observation);
    setWorkOrderOpened(true);
  };

  // The buttons come from the actions the API computed from the workflow table for this reader.
  const actions = request.actions;
  const owner = request.parties.includes('owner');
  const waiting = request.observations.find((observation) => observation.status === 'submitted');
  const rejected = request.observations.find((observation) => observation.status === 'rejected');
  const canObserve = actions.includes('observe');
  const observeHref = `/service-request/observation/new/${request._id}`;

  const faultHref =
    request.fault && can(['manageAssetFault', 'viewAsset', 'viewAssignedAsset']) ? `/asset/reported-faults/${request.fault._id}` : null;
  const pricebookHref = owner && can(['viewAsset', 'manageAsset']) ? `/pricebook/provider/${request.provider._id}` : null;
  const files = [...(request.image ? [request.image] : []), ...request.attachments];
  // Newest first: the observation that counts now is on top; older ones link to their corrections.
  const observations = [...request.observations].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <>
      <DetailHeader
        code={request.code}
        badges={
          <>
            <SrStatusBadge status={request.status} />
            <SrPriorityBadge priority={request.priority} />
          </>
        }
        basis={300}
        aside={
          actions.some((action) => action !== 'acceptObservation' && action !== 'rejectObservation') ? (
            <Group gap="sm" wrap="wrap">
              {actions.includes('accept') ? (
                <Button color="teal" leftSection={<IconCheck size={18} />} onClick={() => decide('accept')}>
                  {t('serviceRequests.action.accept')}
                </Button>
              ) : null}
              {actions.includes('decline') ? (
                <Button variant="light" color="red" leftSection={<IconX size={18} />} onClick={() => decide('decline')}>
                  {t('serviceRequests.action.decline')}
                </Button>
              ) : null}
              {actions.includes('assign') ? (
                <Button variant="light" leftSection={<IconUserPlus size={18} />} onClick={() => setAssignOpened(true)}>
                  {t('serviceRequests.action.assign')}
                </Button>
              ) : null}
              {canObserve && request.status !== 'observed' ? (
                <Button component={Link} to={observeHref} leftSection={<IconClipboardCheck size={18} />}>
                  {t('serviceRequests.action.observe')}
                </Button>
              ) : null}
              {canObserve && (waiting ?? rejected) ? (
                <Button
                  component={Link}
                  to={`${observeHref}?supersedes=${(waiting ?? rejected)?._id}`}
                  variant={request.status === 'observed' ? 'filled' : 'light'}
                  leftSection={<IconEdit size={18} />}
                >
                  {t('serviceRequests.action.correct')}
                </Button>
              ) : null}
              {actions.includes('close') ? (
                <Button variant="default" leftSection={<IconLock size={18} />} onClick={() => decide('close')}>
                  {t('serviceRequests.action.close')}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      >
        <DetailTitle>{request.title}</DetailTitle>
        <SubjectLinks subject={request} inClusterText={t('serviceRequests.detail.inCluster')} />
        <DetailByline
          text={t('serviceRequests.detail.sentBy', { owner: request.owner.name, provider: request.provider.name })}
          at={request.sentAt}
        />
      </DetailHeader>

      <PendingNotice entries={pending} />

      {request.status === 'declined' && request.declineReason ? (
        <ReasonAlert color="red" title={t('serviceRequests.detail.declined')} text={request.declineReason} />
      ) : null}
      {request.status === 'closed' && request.closeNote ? (
        <ReasonAlert color="gray" title={t('serviceRequests.detail.closeNote')} text={request.closeNote} />
      ) : null}
      {waiting ? (
        <Alert
          color={owner ? 'orange' : 'blue'}
          icon={<IconInfoCircle size={18} />}
          title={t(owner ? 'serviceRequests.detail.awaitingYou' : 'serviceRequests.detail.awaitingOwner')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t(
                owner
                  ? can('manageWO')
                    ? 'serviceRequests.detail.awaitingYouHintWorkOrder'
                    : 'serviceRequests.detail.awaitingYouHint'
                  : 'serviceRequests.detail.awaitingOwnerHint',
                {
                  name: waiting.submittedBy?.name ?? '–',
                },
              )}
            </Text>
            <Button size="xs" variant="white" color={owner ? 'orange' : 'blue'} onClick={() => showObservation(waiting._id)}>
              {t('serviceRequests.detail.showObservation')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <DetailCard title={t('serviceRequests.detail.details')} fill gap="md">
            <Fact label={t('serviceRequests.field.description')}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{request.description}</span>
            </Fact>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
              <Fact label={t('serviceRequests.field.owner')}>{request.owner.name}</Fact>
              <Fact label={t('serviceRequests.field.provider')}>
                {request.provider.name}
                {pricebookHref ? (
                  <>
                    {' · '}
                    <Anchor component={Link} to={pricebookHref} size="sm">
                      {t('serviceRequests.detail.pricebook')}
                    </Anchor>
                  </>
                ) : null}
              </Fact>
              <Fact label={t('serviceRequests.field.receiverType')}>
                {t(`serviceRequests.receiverType.${RECEIVER_TYPE_KEYS[request.receiverType]}`)}
              </Fact>
              <Fact label={t('serviceRequests.field.fault')}>
                {request.fault ? <CodeLink to={faultHref} code={request.fault.code} /> : null}
              </Fact>
              {request.createdBy ? <Fact label={t('serviceRequests.field.sentBy')}>{request.createdBy.name}</Fact> : null}
              <Fact label={t('serviceRequests.field.sentAt')}>{formatDateTime(request.sentAt)}</Fact>
              <Fact label={t('serviceRequests.field.acceptedAt')}>{request.acceptedAt ? formatDateTime(request.acceptedAt) : null}</Fact>
              <Fact label={t('serviceRequests.field.closedAt')}>{request.closedAt ? formatDateTime(request.closedAt) : null}</Fact>
              {request.reporter ? (
                <Fact label={t('serviceRequests.field.reporter')}>
                  <Stack gap={2}>
                    <span>{request.reporter.name}</span>
                    {request.reporter.email ? <ContactLink kind="email" value={request.reporter.email} /> : null}
                    {request.reporter.phoneNumber ? <ContactLink kind="phone" value={request.reporter.phoneNumber} /> : null}
                  </Stack>
                </Fact>
              ) : null}
            </SimpleGrid>
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <DetailCard title={t('serviceRequests.detail.sla')} fill>
            {request.sla ? (
              <>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {request.sla.title}
                </Text>
                <SrClockPanel kind="response" clock={request.response} ownerSide={owner} />
                <SrClockPanel kind="resolution" clock={request.resolution} ownerSide={owner} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('serviceRequests.detail.noSla')}
              </Text>
            )}
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailCard title={t('serviceRequests.detail.files')} fill>
            {files.length > 0 ? (
              <FileGallery files={files} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('serviceRequests.detail.noFiles')}
              </Text>
            )}
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailCard title={t('serviceRequests.detail.staff', { total: request.assignedStaff.length })} fill>
            <AssignedStaffList staff={request.assignedStaff} texts="serviceRequests" />
          </DetailCard>
        </Grid.Col>
      </Grid>

      <DetailCard title={t('serviceRequests.detail.observations', { total: request.observations.length })}>
        {observations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(
              request.status === 'declined' || request.status === 'closed'
                ? 'serviceRequests.detail.noObservationsFinished'
                : 'serviceRequests.detail.noObservations',
            )}
          </Text>
        ) : (
          <Stack gap="md">
            {observations.map((observation) => (
              <ObservationCard
                key={observation._id}
                observation={observation}
                all={request.observations}
                canAccept={observation.status === 'submitted' && actions.includes('acceptObservation')}
                canReject={observation.status === 'submitted' && actions.includes('rejectObservation')}
                // Raising a work order accepts the observation too: the owner's accept action and manageWO.
                canRaiseWorkOrder={observation.status === 'submitted' && actions.includes('acceptObservation') && can('manageWO')}
                canOpenWorkOrder={can(WORK_ORDER_READERS)}
                onDecide={(kind) => decide(kind, observation)}
                onRaiseWorkOrder={() => raiseWorkOrder(observation)}
              />
            ))}
          </Stack>
        )}
      </DetailCard>

      <DetailCard title={t('serviceRequests.detail.timeline')}>
        <RecordTimeline entries={request.timeline} empty={t('serviceRequests.detail.timelineEmpty')} />
      </DetailCard>

      <DecisionModal request={request} decision={decision} opened={opened} onClose={() => setOpened(false)} />
      <AssignModal request={request} opened={assignOpened} onClose={() => setAssignOpened(false)} />
      <RaiseWorkOrderModal
        request={request}
        observation={workOrderFrom}
        opened={workOrderOpened}
        onClose={() => setWorkOrderOpened(false)}
      />
    </>
  );
}

interface ObservationCardProps {
  observation: Observation;
  /** Every observation of the request, to name the one this corrects or its correction. */
  all: Observation[];
  canAccept: boolean;
  canReject: boolean;
  /** The owner may raise a work order from it (which accepts it). */
  canRaiseWorkOrder: boolean;
  /** The reader may open a work order's page. */
  canOpenWorkOrder: boolean;
  onDecide(kind: 'acceptObservation' | 'rejectObservation'): void;
  onRaiseWorkOrder(): void;
}

/** One observation: its type and status, what it corrects or what corrected it, summary, time, evidence, lines and the owner's decision. */
function ObservationCard({
  observation,
  all,
  canAccept,
  canReject,
  canRaiseWorkOrder,
  canOpenWorkOrder,
  onDecide,
  onRaiseWorkOrder,
}: ObservationCardProps) {
  const { t } = useTranslation();
  const superseded = observation.status === 'superseded';
  const waiting = observation.status === 'submitted';
  const correction = observation.supersededBy ? all.find((other) => other._id === observation.supersededBy) : undefined;
  const corrected = observation.supersedes ? all.find((other) => other._id === observation.supersedes) : undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      id={`observation-${observation._id}`}
      tabIndex={-1}
      aria-label={t('serviceRequests.observation.label', { time: formatDateTime(observation.createdAt) })}
      component="article"
      style={{
        scrollMarginTop: 80,
        ...(superseded ? { borderStyle: 'dashed', background: 'var(--mantine-color-default-hover)' } : {}),
        ...(waiting ? { borderColor: 'var(--mantine-color-orange-5)', borderWidth: 2 } : {}),
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <ObservationTypeBadge type={observation.type} />
            <ObservationStatusBadge status={observation.status} />
            {observation.supersedes ? (
              <Badge variant="outline" color="gray" size="sm">
                {t('serviceRequests.observation.correction')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {[observation.submittedBy?.name, formatDateTime(observation.createdAt)].filter(Boolean).join(' · ')}
          </Text>
        </Group>

        {superseded ? (
          <Text size="sm" c="dimmed">
            {t('serviceRequests.observation.superseded')}{' '}
            {correction ? (
              <Anchor component="button" type="button" size="sm" onClick={() => showObservation(correction._id)}>
                {t('serviceRequests.observation.showCorrection', { time: formatDateTime(correction.createdAt) })}
              </Anchor>
            ) : null}
          </Text>
        ) : null}
        {corrected ? (
          <Text size="xs" c="dimmed">
            {t('serviceRequests.observation.corrects')}{' '}
            <Anchor component="button" type="button" size="xs" onClick={() => showObservation(corrected._id)}>
              {t('serviceRequests.observation.showCorrected', { time: formatDateTime(corrected.createdAt) })}
            </Anchor>
          </Text>
        ) : null}

        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {observation.summary}
        </Text>
        <Fact label={t('serviceRequests.observation.timeToComplete')}>
          {t('serviceRequests.hours', { count: observation.timeToComplete })}
        </Fact>

        <FactBlock label={t('serviceRequests.observation.evidence')} empty={t('serviceRequests.observation.noEvidence')}>
          {observation.evidence.length > 0 ? <FileGallery files={observation.evidence} /> : null}
        </FactBlock>

        <FactBlock label={t('serviceRequests.observation.lines')} empty={t('serviceRequests.observation.noLines')}>
          {observation.lines.length > 0 ? (
            <CostLinesTable
              lines={observation.lines}
              total={observation.total}
              renderName={(line) => <ObservationLineName line={line} />}
              texts="serviceRequests"
            />
          ) : null}
        </FactBlock>

        {observation.status === 'accepted' || observation.status === 'rejected' ? (
          <Alert
            color={observation.status === 'accepted' ? 'teal' : 'red'}
            variant="light"
            p="xs"
            title={t(`serviceRequests.observation.decided.${observation.status}`, {
              name: observation.decidedBy?.name ?? '–',
              time: formatDateTime(observation.decidedAt),
            })}
          >
            {observation.decisionReason ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {observation.decisionReason}
              </Text>
            ) : null}
          </Alert>
        ) : null}

        {observation.workOrder ? (
          <Alert color="indigo" variant="light" p="xs" icon={<IconTool size={18} />}>
            <Text size="sm">
              {t('serviceRequests.observation.raisedAsWorkOrder')}{' '}
              <CodeLink
                to={canOpenWorkOrder ? `/work-order/view/${observation.workOrder._id}` : null}
                code={observation.workOrder.code}
                fw={600}
              />
            </Text>
          </Alert>
        ) : null}

        {canAccept || canReject || canRaiseWorkOrder ? (
          <Group gap="sm" justify="flex-end" wrap="wrap">
            {canReject ? (
              <Button variant="light" color="red" leftSection={<IconX size={18} />} onClick={() => onDecide('rejectObservation')}>
                {t('serviceRequests.action.rejectObservation')}
              </Button>
            ) : null}
            {canRaiseWorkOrder ? (
              <Button variant="light" color="indigo" leftSection={<IconTool size={18} />} onClick={onRaiseWorkOrder}>
                {t('serviceRequests.action.raiseWorkOrder')}
              </Button>
            ) : null}
            {canAccept ? (
              <Button color="teal" leftSection={<IconCheck size={18} />} onClick={() => onDecide('acceptObservation')}>
                {t('serviceRequests.action.acceptObservation')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** An observation line's name, marked when it is a free line, over its kind. */
function ObservationLineName({ line }: { line: ObservationLine }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {line.name}
        </Text>
        {line.free ? (
          <Tooltip label={t('serviceRequests.line.freeHint')}>
            <Badge size="xs" variant="light" color="grape">
              {t('serviceRequests.line.free')}
            </Badge>
          </Tooltip>
        ) : null}
      </Group>
      {line.kind ? (
        <Text size="xs" c="dimmed">
          {t(`serviceRequests.lineKind.${line.kind}`)}
        </Text>
      ) : null}
    </Stack>
  );
}

const DECISION_COLORS: Record<Decision, string> = {
  accept: 'teal',
  decline: 'red',
  close: 'blue',
  acceptObservation: 'teal',
  rejectObservation: 'red',
};

const DECISION_DONE: Record<Decision, string> = {
  accept: 'SR.ACCEPTED',
  decline: 'SR.DECLINED',
  close: 'SR.CLOSED',
  acceptObservation: 'SR.OBSERVATION_ACCEPTED',
  rejectObservation: 'SR.OBSERVATION_REJECTED',
};

/** Asks before each step that cannot be undone; decline and reject need a reason, close takes an optional note. */
function DecisionModal({
  request,
  decision,
  opened,
  onClose,
}: {
  request: SrDetail;
  decision: { kind: Decision; observation?: Observation } | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptServiceRequest(request._id);
  const decline = useDeclineServiceRequest(request._id);
  const close = useCloseServiceRequest(request._id);
  const decideObservation = useDecideObservation(request._id);
  const kind = decision?.kind;
  const needsReason = kind === 'decline' || kind === 'rejectObservation';
  const takesNote = kind === 'close';
  const pending = accept.isPending || decline.isPending || close.isPending || decideObservation.isPending;

  const confirm = (text: string, { fail, done }: DialogOutcome) => {
    if (!kind) return;
    const handlers = {
      onSuccess: () => {
        notifySuccess(t(DECISION_DONE[kind]));
        done();
      },
      // A 400 stays in the dialog next to its field; a 409 (someone acted first) and any other failure
      // are told, and the request is read again either way.
      onError: (failure: Error) => {
        const message = fieldMessage(failure);
        if (message) return fail(message);
        notifyError(failure);
        done();
      },
    };
    if (kind === 'accept') return accept.mutate(undefined, handlers);
    if (kind === 'decline') {
      // The catalogue's own rule, in the reader's language, as the API would answer.
      const parsed = makeSrReasonSchema(translateMessage).safeParse({ reason: text });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
      return decline.mutate(parsed.data, handlers);
    }
    if (kind === 'close') {
      const parsed = makeSrCloseSchema(translateMessage).safeParse({ note: text.trim() || undefined });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
      return close.mutate({ note: parsed.data.note ?? undefined }, handlers);
    }
    const observationId = decision?.observation?._id;
    if (!observationId) return;
    const action = kind === 'acceptObservation' ? 'accept' : 'reject';
    const parsed = makeObservationDecisionSchema(translateMessage).safeParse(
      action === 'reject' ? { action, reason: text.trim() || undefined } : { action },
    );
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
    return decideObservation.mutate({ ...parsed.data, observationId }, handlers);
  };

  const params = { code: request.code, provider: request.provider.name, owner: request.owner.name };
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      pending={pending}
      field={
        kind && (needsReason || takesNote)
          ? {
              label: t(needsReason ? 'serviceRequests.field.reason' : 'serviceRequests.field.note'),
              description: t(`serviceRequests.${kind}.hint`),
              required: needsReason,
            }
          : null
      }
      title={kind ? t(`serviceRequests.${kind}.title`, params) : ''}
      message={kind ? t(`serviceRequests.${kind}.message`, params) : null}
      confirmLabel={kind ? t(`serviceRequests.${kind}.confirm`) : undefined}
      confirmColor={kind ? DECISION_COLORS[kind] : undefined}
    />
  );
}

/** The provider picks staff to add to those already assigned. */
function AssignModal({ request, opened, onClose }: { request: SrDetail; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const staff = useServiceRequestStaff(request._id, { enabled: opened });
  const assign = useAssignServiceRequest(request._id);
  const confirm = (users: string[], { fail, done }: DialogOutcome) => {
    const parsed = makeSrAssignSchema(translateMessage).safeParse({ users });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
    assign.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('SR.ASSIGNED'));
        done();
      },
      onError: (failure) => {
        const message = fieldMessage(failure);
        if (message) return fail(message);
        notifyError(failure);
        done();
      },
    });
  };
  return (
    <AssignStaffDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      pending={assign.isPending}
      staff={staff}
      code={request.code}
      texts="serviceRequests"
    />
  );
}

type WorkOrderField = 'title' | 'priority' | 'dueDate' | 'submit';

/**
 * The owner raises a work order from the observation awaiting its decision: the observation is
 * accepted and the work order, for the same provider, takes its services, parts and evidence. The
 * title (the request's by default), priority, due date and whether it is submitted for approval
 * now are asked here; then the new work order opens.
 */
function RaiseWorkOrderModal({
  request,
  observation,
  opened,
  onClose,
}: {
  request: SrDetail;
  observation: Observation | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raise = useRaiseWorkOrderFromObservation(request._id);
  const [title, setTitle] = useState(request.title);
  const [priority, setPriority] = useState<SrPriority>(request.priority);
  const [dueDate, setDueDate] = useState('');
  const [submit, setSubmit] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<WorkOrderField, string>>>({});

  const reset = () => {
    setTitle(request.title);
    setPriority(request.priority);
    setDueDate('');
    setSubmit(true);
    setErrors({});
  };
  const dismiss = () => {
    if (raise.isPending) return;
    reset();
    onClose();
  };
  const confirm = () => {
    if (!observation) return;
    const workOrder = { title: title.trim() || undefined, priority, dueDate: dueDate || undefined, submit };
    // The catalogue's own rules, in the reader's language, as the API would answer.
    const parsed = makeObservationDecisionSchema(translateMessage).safeParse({ action: 'work_order', workOrder });
    if (!parsed.success) {
      const found: Partial<Record<WorkOrderField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[1] as WorkOrderField | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      return setErrors(found);
    }
    raise.mutate(
      { observationId: observation._id, workOrder },
      {
        onSuccess: (detail) => {
          const raised = detail.observations.find((one) => one._id === observation._id)?.workOrder;
          reset();
          onClose();
          if (!raised) return;
          notifySuccess(t('serviceRequests.raiseWorkOrder.done', { code: raised.code }));
          navigate(`/work-order/view/${raised._id}`);
        },
        // A 400 stays next to its field; a 409 (the observation was decided meanwhile) and any other
        // failure are told, and the request is read again either way.
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0) {
            const found: Partial<Record<WorkOrderField, string>> = {};
            for (const fieldError of failure.errors) {
              const field = fieldError.path.split('.').at(-1) as WorkOrderField;
              if (['title', 'priority', 'dueDate', 'submit'].includes(field)) found[field] ??= translateApiText(fieldError.message);
            }
            if (Object.keys(found).length > 0) return setErrors(found);
          }
          notifyError(failure);
          reset();
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmModal
      opened={opened}
      onClose={dismiss}
      onConfirm={confirm}
      loading={raise.isPending}
      title={t('serviceRequests.raiseWorkOrder.title', { code: request.code })}
      message={
        observation
          ? t('serviceRequests.raiseWorkOrder.message', {
              provider: request.provider.name,
              total: formatNaira(observation.total),
            })
          : null
      }
      confirmLabel={t(submit ? 'serviceRequests.raiseWorkOrder.confirmSubmit' : 'serviceRequests.raiseWorkOrder.confirmDraft')}
      confirmColor="indigo"
    >
      <WorkOrderTitleInput
        label={t('serviceRequests.raiseWorkOrder.titleField')}
        description={t('serviceRequests.raiseWorkOrder.titleHint')}
        value={title}
        error={errors.title}
        onChange={(value) => {
          setTitle(value);
          setErrors((current) => ({ ...current, title: undefined }));
        }}
      />
      <PriorityPicker
        label={t('serviceRequests.raiseWorkOrder.priority')}
        value={priority}
        onChange={setPriority}
        error={errors.priority}
      />
      <DueDateInput
        label={t('serviceRequests.raiseWorkOrder.dueDate')}
        description={t('serviceRequests.raiseWorkOrder.dueDateHint')}
        value={dueDate}
        error={errors.dueDate}
        onChange={(value) => {
          setDueDate(value);
          setErrors((current) => ({ ...current, dueDate: undefined }));
        }}
      />
      <Switch
        label={t('serviceRequests.raiseWorkOrder.submit')}
        description={t(submit ? 'serviceRequests.raiseWorkOrder.submitHint' : 'serviceRequests.raiseWorkOrder.draftHint')}
        checked={submit}
        error={errors.submit}
        onChange={(event) => setSubmit(event.currentTarget.checked)}
      />
    </ConfirmModal>
  );
}
