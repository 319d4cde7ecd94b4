import { makeApprovalDecisionSchema } from '@amp/contracts/approval';
import { WO_APPROVAL_VIEWS, type WoApprovalState, type WoApprovalView } from '@amp/contracts/work-order';
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { IconCheck, IconChecklist, IconStairsUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { formatAge, formatDateTime, formatNaira, formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { RecordCodeLink } from '../../components/data/record-code-link';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { SubjectLine } from '../../components/data/subject-line';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { fieldMessage } from '../../components/workflow/field-message';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useDecideWoApproval, useWoApprovalCount, useWoApprovals, type WoApprovalRow } from './work-order-admin-api';

const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;
const NUMERIC = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

const APPROVAL_COLORS: Record<WoApprovalState, string> = { none: 'gray', pending: 'orange', approved: 'teal', rejected: 'red' };

type Decision = 'approve' | 'reject';

const detailHref = (row: WoApprovalRow) => `/work-order/view/${row._id}`;

/**
 * /work-order/approval-requests: the work orders whose pending step the reader may approve
 * ("Awaiting Approval"), each with Approve and Reject at hand, and those they approved ("Approved
 * by me"). SPEC.md 4: approvals are sequential by cost, so a row is one step of its work order.
 */
export default function ApprovalRequestsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: WoApprovalView = params.get('view') === 'approved' ? 'approved' : 'awaiting';
  const list = useUrlListState();
  const approvals = useWoApprovals({ ...list.query, view });
  const awaitingCount = useWoApprovalCount();
  const [decision, setDecision] = useState<{ kind: Decision; row: WoApprovalRow } | null>(null);
  // Kept apart from the decision so the dialog's text does not change while it animates closed.
  const [opened, setOpened] = useState(false);
  const awaiting = view === 'awaiting';

  const decide = (kind: Decision, row: WoApprovalRow) => {
    setDecision({ kind, row });
    setOpened(true);
  };
  const changeView = (next: string) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'approved') updated.set('view', next);
      else updated.delete('view');
      updated.delete('page');
      return updated;
    });
  };

  const codeLink = (row: WoApprovalRow) => (
    <RecordCodeLink to={detailHref(row)} code={row.code} label={t('woAdmin.approvals.open', { code: row.code })} />
  );
  const subjectLine = (row: WoApprovalRow) => (
    <SubjectLine asset={row.asset} cluster={row.cluster} clusterText={(name) => t('woAdmin.approvals.cluster', { name })} />
  );
  const buttons = (row: WoApprovalRow, size: 'xs' | 'sm') => (
    <Group gap={6} wrap="nowrap" justify="flex-end" onClick={(event) => event.stopPropagation()}>
      <Button
        size={size}
        variant="light"
        color="red"
        leftSection={<IconX size={16} />}
        onClick={() => decide('reject', row)}
        aria-label={t('woAdmin.approvals.rejectOne', { code: row.code })}
      >
        {t('woAdmin.approvals.reject')}
      </Button>
      <Button
        size={size}
        color="teal"
        leftSection={<IconCheck size={16} />}
        onClick={() => decide('approve', row)}
        aria-label={t('woAdmin.approvals.approveOne', { code: row.code })}
      >
        {t('woAdmin.approvals.approve')}
      </Button>
    </Group>
  );
  const when = (row: WoApprovalRow) => (awaiting ? row.askedAt : row.decidedAt);

  return (
    <Stack gap="md">
      <SegmentedControl
        value={view}
        onChange={changeView}
        fullWidth
        maw={520}
        data={WO_APPROVAL_VIEWS.map((value) => ({
          value,
          label: (
            <Group gap={6} justify="center" wrap="nowrap">
              <Text span inherit truncate>
                {t(`woAdmin.approvals.view.${value}`)}
              </Text>
              {value === 'awaiting' && awaitingCount.data !== undefined ? (
                <Badge
                  size="sm"
                  circle={awaitingCount.data < 10}
                  variant={view === value ? 'filled' : 'light'}
                  color={awaitingCount.data > 0 ? 'orange' : 'gray'}
                  style={{ flexShrink: 0 }}
                >
                  {formatNumber(awaitingCount.data)}
                </Badge>
              ) : null}
            </Group>
          ),
        }))}
      />
      <Text size="sm" c="dimmed">
        {t(`woAdmin.approvals.hint.${view}`)}
      </Text>

      <ListPage
        list={list}
        query={approvals}
        searchPlaceholder={t('woAdmin.approvals.searchPlaceholder')}
        empty={{
          icon: <IconChecklist size={32} stroke={1.5} />,
          title: t(`woAdmin.approvals.empty.${view}`),
          hint: t(`woAdmin.approvals.emptyHint.${view}`),
          noMatchTitle: t('woAdmin.approvals.noMatch'),
          noMatchHint: t('woAdmin.approvals.noMatchHint'),
        }}
        cardSkeleton={{ count: 3, height: 180 }}
        card={(row) => (
          <ListCard
            title={
              <Stack gap={2}>
                {codeLink(row)}
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {row.title}
                </Text>
              </Stack>
            }
            aside={
              <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(row.total)}
              </Text>
            }
            onOpen={() => navigate(detailHref(row))}
            actions={awaiting ? buttons(row, 'sm') : null}
          >
            {subjectLine(row)}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('woAdmin.approvals.providerLine', { name: row.provider.name })}
            </Text>
            <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
              <StepText row={row} />
              <WhenText value={when(row)} view={view} />
            </Group>
            {awaiting ? null : <ApprovalState state={row.approval} />}
          </ListCard>
        )}
        table={{
          minWidth: 900,
          columns: 6,
          header: (
            <>
              <Table.Th>{t('woAdmin.approvals.column.code')}</Table.Th>
              <Table.Th miw={220}>{t('woAdmin.approvals.column.workOrder')}</Table.Th>
              <Table.Th>{t('woAdmin.approvals.column.provider')}</Table.Th>
              <Table.Th style={NUMERIC}>{t('woAdmin.approvals.column.total')}</Table.Th>
              <Table.Th>{t('woAdmin.approvals.column.step')}</Table.Th>
              <Table.Th style={SHRINK}>
                {awaiting ? t('woAdmin.approvals.column.decision') : t('woAdmin.approvals.column.approval')}
              </Table.Th>
            </>
          ),
          row: (row) => (
            <Table.Tr style={{ cursor: 'pointer' }} onClick={() => navigate(detailHref(row))}>
              <Table.Td style={SHRINK}>{codeLink(row)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {row.title}
                </Text>
                {subjectLine(row)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.provider.name}
                </Text>
              </Table.Td>
              <Table.Td style={NUMERIC}>
                <Text size="sm" fw={600}>
                  {formatNaira(row.total)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StepText row={row} />
                <WhenText value={when(row)} view={view} />
              </Table.Td>
              <Table.Td style={SHRINK}>{awaiting ? buttons(row, 'xs') : <ApprovalState state={row.approval} />}</Table.Td>
            </Table.Tr>
          ),
        }}
      >
        <DecisionModal decision={decision} opened={opened} onClose={() => setOpened(false)} />
      </ListPage>
    </Stack>
  );
}

/** "Head O&M, step 1 of 2": the level the row concerns and where it sits in the work order's sequence. */
function StepText({ row }: { row: WoApprovalRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconStairsUp size={16} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-indigo-6)' }} />
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {t('woAdmin.approvals.step', { name: row.step.name, order: row.step.order, steps: row.step.steps })}
      </Text>
    </Group>
  );
}

function ApprovalState({ state }: { state: WoApprovalState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={APPROVAL_COLORS[state]} size="sm" tt="none">
      {t(`woAdmin.approvals.state.${state}`)}
    </Badge>
  );
}

/** When the reader was asked (awaiting) or decided (approved), as an age with the exact time on hover. */
function WhenText({ value, view }: { value: string | null; view: WoApprovalView }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Tooltip label={formatDateTime(value)}>
      <Text size="xs" c="dimmed" component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }}>
        {t(`woAdmin.approvals.when.${view}`, { age: formatAge(value) })}
      </Text>
    </Tooltip>
  );
}

/**
 * Asks before approving or rejecting a step; a rejection needs a reason. A 409 (another approver
 * acted first, or the work order changed) is told with the server's message, and the list is read again.
 */
function DecisionModal({
  decision,
  opened,
  onClose,
}: {
  decision: { kind: Decision; row: WoApprovalRow } | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const decide = useDecideWoApproval();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kind = decision?.kind;
  const row = decision?.row;

  const dismiss = () => {
    if (decide.isPending) return;
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!kind || !row) return;
    const parsed = makeApprovalDecisionSchema(translateMessage).safeParse(
      kind === 'approve' ? { approve: true } : { approve: false, reason: reason.trim() || undefined },
    );
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    decide.mutate(
      { id: row._id, ...parsed.data },
      {
        onSuccess: () => {
          notifySuccess(t(kind === 'approve' ? 'APPROVAL.APPROVED' : 'APPROVAL.REJECTED'));
          setReason('');
          setError(null);
          onClose();
        },
        onError: (failure) => {
          const message = fieldMessage(failure);
          if (message) return setError(message);
          notifyError(failure);
          setReason('');
          onClose();
        },
      },
    );
  };

  const last = row ? row.step.order >= row.step.steps : false;
  const params = row
    ? {
        code: row.code,
        title: row.title,
        total: formatNaira(row.total),
        level: row.step.name,
        order: row.step.order,
        steps: row.step.steps,
        provider: row.provider.name,
      }
    : {};
  return (
    <ConfirmModal
      opened={opened}
      onClose={dismiss}
      onConfirm={confirm}
      loading={decide.isPending}
      title={kind ? t(`woAdmin.${kind}.title`, params) : ''}
      message={
        kind && row ? (
          <>
            {t(`woAdmin.${kind}.message`, params)}{' '}
            {kind === 'approve' ? t(last ? 'woAdmin.approve.last' : 'woAdmin.approve.next', params) : null}
          </>
        ) : null
      }
      confirmLabel={kind ? t(`woAdmin.${kind}.confirm`) : undefined}
      confirmColor={kind === 'reject' ? 'red' : 'teal'}
    >
      {kind === 'reject' ? (
        <Textarea
          label={t('woAdmin.field.reason')}
          description={t('woAdmin.reject.hint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          autosize
          minRows={3}
          maxLength={1000}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
      ) : error ? (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
