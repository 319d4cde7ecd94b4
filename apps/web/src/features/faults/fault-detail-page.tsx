import { type FaultDetail, type FaultReportEntry, makeFaultReasonSchema } from '@amp/contracts/fault';
import { FAULT_WORKFLOW } from '@amp/contracts/fault.workflow';
import type { PermissionRule } from '@amp/contracts/permissions';
import { allowedActions } from '@amp/contracts/workflow';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconClipboardList, IconInfoCircle, IconPencil, IconTool, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CodeText } from '../../components/code-text';
import { AgeText } from '../../components/data/age-text';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDateTime } from '../../components/data/format';
import { RecordTimeline } from '../../components/data/record-timeline';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { FaultStatusBadge } from '../../components/fault-status-badge';
import { ContactLink } from '../../components/workflow/contact-link';
import { DetailCard } from '../../components/workflow/detail-card';
import { DetailHeader } from '../../components/workflow/detail-header';
import { DetailSkeleton } from '../../components/workflow/detail-skeleton';
import type { DialogOutcome } from '../../components/workflow/dialog-outcome';
import { Fact } from '../../components/workflow/fact';
import { ReasonAlert } from '../../components/workflow/reason-alert';
import { ReasonDialog } from '../../components/workflow/reason-dialog';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useFault } from '../../lib/queries/faults';
import { FaultImage } from './fault-image';
import { useDecideFault } from './faults-api';
import { RaiseWorkOrderModal } from './raise-work-order-modal';

/** Who may open a work order's page (its route's rule). */
const WORK_ORDER_READERS: PermissionRule = ['manageWO', 'approveWO', 'viewOutgoingWO', 'viewIncomingWO', 'viewCompletedWO'];

/** /asset/reported-faults/:id: one fault with its reporters, its history and the decisions the user may take. */
export default function FaultDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const fault = useFault(id);
  return (
    <DetailPageFrame
      backTo="/asset/reported-faults"
      backLabel={t('faults.detail.back')}
      query={fault}
      skeleton={<DetailSkeleton headerHeight={120} />}
      notFoundTitle={t('faults.detail.notFound')}
      notFoundHint={t('faults.detail.notFoundHint')}
    >
      {(data) => <FaultView fault={data} />}
    </DetailPageFrame>
  );
}

type Decision = 'approve' | 'return' | 'reject';

function FaultView({ fault }: { fault: FaultDetail }) {
  const { t } = useTranslation();
  const { can, user } = useAuth();
  const [decision, setDecision] = useState<Decision | null>(null);
  // Kept apart from the decision so the modal's text does not change while it animates closed.
  const [opened, setOpened] = useState(false);
  const [workOrderOpened, setWorkOrderOpened] = useState(false);
  // The buttons come from the fault's workflow table and the sides the API says the user is on.
  // `convert` is "raise a service request" (viewSR) or "raise a work order" (manageWO).
  const actions = allowedActions(FAULT_WORKFLOW, fault.status, fault.parties, user?.userRole.permission ?? []);
  const decide = (next: Decision) => {
    setDecision(next);
    setOpened(true);
  };

  const assetHref =
    fault.parties.includes('owner') && can('viewAsset')
      ? `/asset/asset-list/${fault.asset._id}`
      : can('viewOrganizationAssignedAsset')
        ? `/asset/assigned/asset/${fault.asset._id}`
        : can('viewTechAssignedAsset')
          ? `/asset/assigned/technician/asset/${fault.asset._id}`
          : null;
  const more = fault.reporters - 1;
  const closedWithReason = fault.reason && (fault.status === 'returned' || fault.status === 'rejected');

  return (
    <>
      <DetailHeader
        code={fault.code}
        badges={
          <>
            <FaultStatusBadge status={fault.status} />
            <Badge variant="outline" color="gray">
              {t(`faults.type.${fault.faultType}`)}
            </Badge>
          </>
        }
        basis={280}
        aside={
          actions.length > 0 ? (
            <Group gap="sm" wrap="wrap">
              {actions.includes('approve') ? (
                <Button color="teal" leftSection={<IconCheck size={18} />} onClick={() => decide('approve')}>
                  {t('faults.action.approve')}
                </Button>
              ) : null}
              {actions.includes('return') ? (
                <Button variant="light" color="grape" leftSection={<IconArrowBackUp size={18} />} onClick={() => decide('return')}>
                  {t('faults.action.return')}
                </Button>
              ) : null}
              {actions.includes('resubmit') ? (
                <Button component={Link} to={`/asset/report-fault/edit/${fault._id}`} leftSection={<IconPencil size={18} />}>
                  {t('faults.action.resubmit')}
                </Button>
              ) : null}
              {actions.includes('convert') && can('viewSR') ? (
                <Button
                  component={Link}
                  to={`/service-request/new?fault=${fault._id}`}
                  variant="light"
                  leftSection={<IconClipboardList size={18} />}
                >
                  {t('faults.action.raiseServiceRequest')}
                </Button>
              ) : null}
              {actions.includes('convert') && can('manageWO') ? (
                <Button variant="light" color="indigo" leftSection={<IconTool size={18} />} onClick={() => setWorkOrderOpened(true)}>
                  {t('faults.action.raiseWorkOrder')}
                </Button>
              ) : null}
              {actions.includes('reject') ? (
                <Button variant="light" color="red" leftSection={<IconX size={18} />} onClick={() => decide('reject')}>
                  {t('faults.action.reject')}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {assetHref ? (
            <Anchor component={Link} to={assetHref} fw={500}>
              {fault.asset.name}
            </Anchor>
          ) : (
            <Text span fw={500}>
              {fault.asset.name}
            </Text>
          )}{' '}
          <CodeText fz="xs" c="dimmed">
            {fault.asset.assetID}
          </CodeText>
        </Text>
        <Text size="sm" c="dimmed">
          {more > 0
            ? t('faults.detail.reportedByMore', { name: fault.reporterName, count: more })
            : t('faults.detail.reportedBy', { name: fault.reporterName })}{' '}
          · <AgeText value={fault.createdAt} size="xs" />
        </Text>
      </DetailHeader>

      {closedWithReason ? (
        <ReasonAlert
          color={fault.status === 'rejected' ? 'red' : 'grape'}
          title={t(`faults.detail.reason.${fault.status}`)}
          text={fault.reason}
        />
      ) : null}
      {fault.convertedTo ? (
        <Alert color="teal" icon={<IconInfoCircle size={18} />}>
          {t(`faults.detail.converted.${fault.convertedTo.type}`)}{' '}
          {fault.convertedTo.type === 'service_request' ? (
            <Anchor component={Link} to={`/service-request/view/${fault.convertedTo._id}`} size="sm">
              {t('faults.detail.openServiceRequest')}
            </Anchor>
          ) : can(WORK_ORDER_READERS) ? (
            <Anchor component={Link} to={`/work-order/view/${fault.convertedTo._id}`} size="sm">
              {t('faults.detail.openWorkOrder')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <DetailCard title={t('faults.detail.details')} fill gap="md">
            <Fact label={t('faults.field.description')}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{fault.description}</span>
            </Fact>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
              <Fact label={t('faults.field.cluster')}>{fault.cluster ? `${fault.cluster.name} (${fault.cluster.clusterID})` : null}</Fact>
              <Fact label={t('faults.field.location')}>
                {fault.locationName || fault.locationID ? (
                  <>
                    {fault.locationName}
                    {fault.locationName && fault.locationID ? ' · ' : null}
                    {fault.locationID ? <CodeText>{fault.locationID}</CodeText> : null}
                  </>
                ) : null}
              </Fact>
              <Fact label={t('faults.field.state')}>{fault.state?.state}</Fact>
              <Fact label={t('faults.field.lga')}>{fault.lga}</Fact>
              <Fact label={t('faults.field.type')}>{t(`faults.type.${fault.faultType}`)}</Fact>
              <Fact label={t('faults.field.source')}>{t(`faults.source.${fault.source}`)}</Fact>
              <Fact label={t('faults.field.owner')}>{fault.owner.name}</Fact>
              <Fact label={t('faults.field.provider')}>{fault.provider?.name}</Fact>
              <Fact label={t('faults.field.reporters')}>{String(fault.reporters)}</Fact>
              <Fact label={t('faults.field.reported')}>{formatDateTime(fault.createdAt)}</Fact>
              <Fact label={t('faults.field.updated')}>{formatDateTime(fault.updatedAt)}</Fact>
            </SimpleGrid>
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <DetailCard title={t('faults.detail.image')} fill>
            {fault.image ? (
              <FaultImage image={fault.image} size={220} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('faults.detail.noImage')}
              </Text>
            )}
          </DetailCard>
        </Grid.Col>
      </Grid>

      <DetailCard title={t('faults.detail.reports', { total: fault.reports.length })}>
        {fault.reports.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('faults.detail.noReports')}
          </Text>
        ) : (
          <Stack gap="sm">
            {fault.reports.map((report, index) => (
              <ReportEntry key={report._id} report={report} first={index === 0} />
            ))}
          </Stack>
        )}
      </DetailCard>

      <DetailCard title={t('faults.detail.timeline')}>
        <RecordTimeline entries={fault.timeline} empty={t('faults.detail.timelineEmpty')} />
      </DetailCard>

      <DecisionModal fault={fault} decision={decision} opened={opened} onClose={() => setOpened(false)} />
      <RaiseWorkOrderModal fault={fault} opened={workOrderOpened} onClose={() => setWorkOrderOpened(false)} />
    </>
  );
}

/** One report of the fault: the first one, or a "+1" by someone who found it open. */
function ReportEntry({ report, first }: { report: FaultReportEntry; first: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="sm">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {report.name}
            </Text>
            <Badge size="sm" variant="light" color={first ? 'blue' : 'gray'}>
              {first ? t('faults.detail.firstReport') : t('faults.detail.plusOne')}
            </Badge>
            <Text size="xs" c="dimmed">
              {t(`faults.source.${report.source}`)} · {formatDateTime(report.createdAt)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.description}
          </Text>
          {report.email || report.phoneNumber ? (
            <Group gap="md" wrap="wrap">
              {report.email ? <ContactLink kind="email" value={report.email} /> : null}
              {report.phoneNumber ? <ContactLink kind="phone" value={report.phoneNumber} /> : null}
            </Group>
          ) : null}
        </Stack>
        {report.image ? <FaultImage image={report.image} size={72} /> : null}
      </Group>
    </Paper>
  );
}

function DecisionModal({
  fault,
  decision,
  opened,
  onClose,
}: {
  fault: FaultDetail;
  decision: Decision | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const mutation = useDecideFault(fault._id);
  const needsReason = decision === 'return' || decision === 'reject';
  const confirm = (reason: string, { fail, done }: DialogOutcome) => {
    if (!decision) return;
    let input: { reason: string } | undefined;
    if (needsReason) {
      // The catalogue's own reason rule, in the reader's language, as the API would answer.
      const parsed = makeFaultReasonSchema(translateMessage).safeParse({ reason });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
      input = parsed.data;
    }
    mutation.mutate(decision === 'approve' ? { action: 'approve' } : { action: decision, reason: input?.reason ?? '' }, {
      onSuccess: () => {
        notifySuccess(t(decision === 'approve' ? 'FAULT.APPROVED' : decision === 'return' ? 'FAULT.RETURNED' : 'FAULT.REJECTED'));
        done();
      },
      // A 409 (someone decided first) carries the API's message; the fault is read again either way.
      onError: (failure) => {
        notifyError(failure);
        done();
      },
    });
  };

  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      pending={mutation.isPending}
      field={needsReason ? { label: t('faults.field.reason'), description: t(`faults.${decision}.reasonHint`), required: true } : null}
      title={decision ? t(`faults.${decision}.title`, { code: fault.code }) : ''}
      message={decision ? t(`faults.${decision}.message`, { asset: fault.asset.name }) : null}
      confirmLabel={decision ? t(`faults.action.${decision}`) : undefined}
      confirmColor={decision === 'reject' ? 'red' : decision === 'return' ? 'grape' : 'teal'}
    />
  );
}
