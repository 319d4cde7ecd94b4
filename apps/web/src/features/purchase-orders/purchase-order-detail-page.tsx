import { PO_TAB_STATUSES, SUPPLYING_PO_STATUSES } from '@amp/contracts/purchase-order';
import { Button, Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconLock,
  IconPackageExport,
  IconPackageImport,
  IconPrinter,
  IconSend,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatNumber } from '../../components/data/format';
import { RecordTimeline } from '../../components/data/record-timeline';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { ApprovalSteps } from '../../components/workflow/approval-steps';
import { DetailCard } from '../../components/workflow/detail-card';
import { DetailByline, DetailHeader, DetailTitle } from '../../components/workflow/detail-header';
import { DetailTotal } from '../../components/workflow/detail-total';
import { Fact } from '../../components/workflow/fact';
import { ReasonAlert } from '../../components/workflow/reason-alert';
import { RecordDetailFrame } from '../../components/workflow/record-detail-frame';
import { type StepButton, StepButtons } from '../../components/workflow/step-buttons';
import { useStepDialog } from '../../components/workflow/use-step-dialog';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { ActionDialog, QuantitiesDialog, type SimpleAction } from './po-action-dialogs';
import { PoStatusBadge, SupplyProgress } from './po-badges';
import { PoLinesTable } from './po-lines-table';
import { type PoDetail, usePurchaseOrder } from './purchase-orders-api';

/** The list a reader comes back to: the one the order is on now, on the reader's side if it can be. */
function useBackLink(order: PoDetail | undefined): { to: string; label: string } {
  const { can } = useAuth();
  const status = order?.status;
  const finished = Boolean(status && (PO_TAB_STATUSES.completed as readonly string[]).includes(status));
  const buyer = order?.parties.includes('buyer');
  const candidates = [
    finished && can('viewCompletedPO') ? 'completed' : null,
    buyer && can('viewOutgoingPO') ? 'outgoing' : null,
    order?.parties.includes('supplier') && can('viewIncomingPO') ? 'incoming' : null,
    can('approvePO') && status === 'pending_approval' ? 'approval' : null,
    can('viewOutgoingPO') ? 'outgoing' : null,
    can('viewIncomingPO') ? 'incoming' : null,
    can('confirmSupply') ? 'confirmation/supply' : null,
    can('approvePO') ? 'approval' : null,
  ];
  const to = candidates.find(Boolean);
  return to
    ? { to: `/purchase-order/${to}`, label: `purchaseOrders.detail.back.${to === 'confirmation/supply' ? 'supply' : to}` }
    : { to: '/dashboard', label: 'purchaseOrders.detail.back.dashboard' };
}

/** /purchase-order/:id: one order with its parties, lines, approvals, deliveries, receipts and history, and its steps. */
export default function PurchaseOrderDetailPage() {
  const { id = '' } = useParams();
  const order = usePurchaseOrder(id);
  const back = useBackLink(order.data);
  return (
    <RecordDetailFrame back={back} query={order} texts="purchaseOrders" headerHeight={150}>
      {(data) => <OrderView order={data} />}
    </RecordDetailFrame>
  );
}

type Dialog = SimpleAction | 'dispatch' | 'receive';

/** The buttons, in the order a reader meets them, with their look; `edit` and the print are links. */
const BUTTONS: StepButton<Dialog>[] = [
  { action: 'approve', needs: 'approve', icon: <IconCheck size={18} />, color: 'teal' },
  { action: 'reject', needs: 'approve', icon: <IconX size={18} />, color: 'red', variant: 'light' },
  { action: 'submit', needs: 'submit', icon: <IconSend size={18} /> },
  { action: 'accept', needs: 'accept', icon: <IconCheck size={18} />, color: 'teal' },
  { action: 'decline', needs: 'decline', icon: <IconX size={18} />, color: 'red', variant: 'light' },
  { action: 'dispatch', needs: 'dispatch', icon: <IconTruckDelivery size={18} /> },
  { action: 'receive', needs: 'receive', icon: <IconPackageImport size={18} />, color: 'teal' },
  { action: 'close', needs: 'close', icon: <IconLock size={18} />, variant: 'default' },
  { action: 'cancel', needs: 'cancel', icon: <IconBan size={18} />, color: 'red', variant: 'subtle' },
];

function OrderView({ order }: { order: PoDetail }) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const { user } = useAuth();
  const { dialog, opened, open, close } = useStepDialog<Dialog>();

  const { actions } = order;
  const simple = dialog && dialog !== 'dispatch' && dialog !== 'receive' ? dialog : null;
  const supplying = order.sentAt !== null && order.status !== 'declined' && order.status !== 'cancelled';
  const rejectedStep = order.status === 'draft' ? order.steps.find((step) => step.status === 'rejected') : undefined;
  const pendingStep = order.steps.find((step) => step.status === 'pending');

  return (
    <>
      <DetailHeader
        code={order.code}
        badges={<PoStatusBadge status={order.status} />}
        basis={320}
        aside={
          <DetailTotal label={t('purchaseOrders.detail.total')} total={order.total}>
            <Text size="sm" c="dimmed">
              {t('purchaseOrders.lines.count', { count: order.lines.length })}
            </Text>
          </DetailTotal>
        }
        footer={
          <StepButtons
            buttons={BUTTONS}
            actions={actions}
            editTo={`/purchase-order/${order._id}/edit`}
            texts="purchaseOrders"
            onOpen={open}
          >
            <Button component={Link} to={`/purchase-order/${order._id}/print`} variant="subtle" leftSection={<IconPrinter size={18} />}>
              {t('purchaseOrders.action.print')}
            </Button>
          </StepButtons>
        }
      >
        <DetailTitle>{order.title}</DetailTitle>
        <DetailByline
          text={t('purchaseOrders.detail.orderedBy', { buyer: order.buyer.name, supplier: order.supplier.name })}
          at={order.createdAt}
        />
      </DetailHeader>

      {order.status === 'declined' ? (
        <ReasonAlert color="red" title={t('purchaseOrders.detail.declined')} text={order.declineReason} />
      ) : null}
      {order.status === 'cancelled' ? (
        <ReasonAlert color="gray" title={t('purchaseOrders.detail.cancelled')} text={order.closeReason} />
      ) : null}
      {order.status === 'closed' && order.closeReason ? (
        <ReasonAlert color="gray" title={t('purchaseOrders.detail.closedEarly')} text={order.closeReason} />
      ) : null}
      {rejectedStep ? (
        <ReasonAlert
          color="red"
          title={t('purchaseOrders.detail.rejected', { level: rejectedStep.name, name: rejectedStep.decidedBy?.name ?? '–' })}
          text={order.rejectReason ?? rejectedStep.reason}
        />
      ) : null}
      {pendingStep && actions.includes('approve') ? (
        <ReasonAlert
          color="orange"
          title={t('purchaseOrders.detail.awaitingYou', { level: pendingStep.name })}
          text={t('purchaseOrders.detail.awaitingYouHint')}
        />
      ) : null}
      {actions.includes('receive') ? (
        <ReasonAlert color="blue" title={t('purchaseOrders.detail.toReceive')} text={t('purchaseOrders.detail.toReceiveHint')} />
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <DetailCard title={t('purchaseOrders.detail.details')} fill>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
              <Fact label={t('purchaseOrders.party.buyer')}>{order.buyer.name}</Fact>
              <Fact label={t('purchaseOrders.party.supplier')}>{order.supplier.name}</Fact>
              <Fact label={t('purchaseOrders.field.warehouse')}>{order.warehouse.name}</Fact>
              {order.createdBy ? <Fact label={t('purchaseOrders.field.createdBy')}>{order.createdBy.name}</Fact> : null}
              <Fact label={t('purchaseOrders.field.createdAt')}>{formatDateTime(order.createdAt)}</Fact>
              <Fact label={t('purchaseOrders.field.submittedAt')}>{order.submittedAt ? formatDateTime(order.submittedAt) : null}</Fact>
              <Fact label={t('purchaseOrders.field.sentAt')}>{order.sentAt ? formatDateTime(order.sentAt) : null}</Fact>
              <Fact label={t('purchaseOrders.field.acceptedAt')}>{order.acceptedAt ? formatDateTime(order.acceptedAt) : null}</Fact>
              <Fact label={t('purchaseOrders.field.closedAt')}>{order.closedAt ? formatDateTime(order.closedAt) : null}</Fact>
            </SimpleGrid>
            {order.note ? (
              <Fact label={t('purchaseOrders.field.note')}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{order.note}</span>
              </Fact>
            ) : null}
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <DetailCard title={t('purchaseOrders.detail.supply')} fill>
            {supplying ? (
              <SupplyProgress ordered={order.ordered} dispatched={order.dispatched} received={order.received} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('purchaseOrders.detail.notSentYet')}
              </Text>
            )}
            <SimpleGrid cols={3} spacing="xs">
              <Figure label={t('purchaseOrders.lines.ordered')} value={order.ordered} />
              <Figure label={t('purchaseOrders.lines.dispatched')} value={order.dispatched} />
              <Figure label={t('purchaseOrders.lines.received')} value={order.received} />
            </SimpleGrid>
          </DetailCard>
        </Grid.Col>
      </Grid>

      <DetailCard title={t('purchaseOrders.detail.lines')}>
        <PoLinesTable
          lines={order.lines}
          total={order.total}
          compact={compact}
          supply={supplying || (SUPPLYING_PO_STATUSES as readonly string[]).includes(order.status)}
        />
      </DetailCard>

      <DetailCard title={t('purchaseOrders.detail.approvals')}>
        <ApprovalSteps
          steps={order.steps}
          empty={t(order.sentAt ? 'purchaseOrders.approvals.notNeeded' : 'purchaseOrders.approvals.notSubmitted')}
          texts="purchaseOrders"
          myId={user?._id}
        />
      </DetailCard>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailCard title={t('purchaseOrders.detail.deliveries', { count: order.deliveries.length })} fill>
            <Movements
              entries={order.deliveries}
              icon={<IconTruckDelivery size={16} aria-hidden />}
              empty={t('purchaseOrders.detail.noDeliveries')}
            />
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailCard title={t('purchaseOrders.detail.receipts', { count: order.receipts.length })} fill>
            <Movements
              entries={order.receipts}
              icon={<IconPackageExport size={16} aria-hidden />}
              empty={t('purchaseOrders.detail.noReceipts')}
            />
          </DetailCard>
        </Grid.Col>
      </Grid>

      <DetailCard title={t('purchaseOrders.detail.timeline')}>
        <RecordTimeline entries={order.timeline} empty={t('purchaseOrders.detail.timelineEmpty')} />
      </DetailCard>

      <ActionDialog order={order} action={simple} opened={opened !== null && opened === simple} onClose={close} />
      <QuantitiesDialog order={order} kind="dispatch" opened={opened === 'dispatch'} onClose={close} />
      <QuantitiesDialog order={order} kind="receive" opened={opened === 'receive'} onClose={close} />
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="flex-start">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{formatNumber(value)}</Text>
    </Stack>
  );
}

/** A delivery or a receipt as it happened: when, by whom, into which warehouse, its note and its lines. */
type Movement = PoDetail['deliveries'][number] & { warehouse?: { name: string } };

function Movements({ entries, icon, empty }: { entries: readonly Movement[]; icon: ReactNode; empty: string }) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {entries.map((entry, index) => (
        <Paper key={entry._id} withBorder radius="sm" p="sm">
          <Stack gap={4}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              {icon}
              <Text size="sm" fw={600}>
                {t('purchaseOrders.detail.movementNumber', { number: index + 1 })}
              </Text>
              <Text size="xs" c="dimmed" ml="auto" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.createdAt)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[entry.by?.name, entry.warehouse ? t('purchaseOrders.detail.into', { name: entry.warehouse.name }) : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {entry.lines.map((line) => (
              <Group key={line.line} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.name}
                </Text>
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  × {formatNumber(line.quantity)}
                </Text>
              </Group>
            ))}
            {entry.note ? (
              <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {entry.note}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
