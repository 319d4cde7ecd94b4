import type { PermissionRule } from '@amp/contracts/permissions';
import type { Observation, SrReceiverType } from '@amp/contracts/service-request';
import { Alert, Anchor, Button, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconClipboardCheck, IconEdit, IconInfoCircle, IconLock, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDateTime } from '../../components/data/format';
import { RecordTimeline } from '../../components/data/record-timeline';
import { FileGallery } from '../../components/files/file-gallery';
import { AssignedStaffList } from '../../components/workflow/assigned-staff-list';
import { CodeLink } from '../../components/workflow/code-link';
import { ContactLink } from '../../components/workflow/contact-link';
import { DetailCard } from '../../components/workflow/detail-card';
import { DetailByline, DetailHeader, DetailTitle } from '../../components/workflow/detail-header';
import { DetailSkeleton } from '../../components/workflow/detail-skeleton';
import { Fact } from '../../components/workflow/fact';
import { ReasonAlert } from '../../components/workflow/reason-alert';
import { SubjectLinks } from '../../components/workflow/subject-links';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { type SrDetail, useServiceRequest } from '../../lib/queries/service-requests';
import { OfflineNote } from '../../offline/cache/offline-note';
import { usePendingEntries } from '../../offline/outbox/outbox';
import { PendingNotice } from '../../offline/outbox/pending-notice';
import { ObservationCard, showObservation } from './observation-card';
import { RaiseWorkOrderDialog } from './raise-work-order-dialog';
import { SrAssignDialog } from './sr-assign-dialog';
import { SrClockPanel, SrPriorityBadge, SrStatusBadge } from './sr-badges';
import { type SrDecision, SrDecisionDialog } from './sr-decision-dialog';
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

function RequestView({ request: read }: { request: SrDetail }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [decision, setDecision] = useState<{ kind: SrDecision; observation?: Observation } | null>(null);
  // Kept apart from the decision so the dialog's text does not change while it animates closed.
  const [opened, setOpened] = useState(false);
  const [assignOpened, setAssignOpened] = useState(false);
  const [workOrderFrom, setWorkOrderFrom] = useState<Observation | null>(null);
  const [workOrderOpened, setWorkOrderOpened] = useState(false);
  // An observation taken offline and not sent yet: the request shows it waiting, not as still to do.
  const pending = usePendingEntries('sr', read._id);
  const request = withPendingActions(read, pending);
  const decide = (kind: SrDecision, observation?: Observation) => {
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

      <SrDecisionDialog request={request} decision={decision} opened={opened} onClose={() => setOpened(false)} />
      <SrAssignDialog request={request} opened={assignOpened} onClose={() => setAssignOpened(false)} />
      <RaiseWorkOrderDialog
        request={request}
        observation={workOrderFrom}
        opened={workOrderOpened}
        onClose={() => setWorkOrderOpened(false)}
      />
    </>
  );
}
