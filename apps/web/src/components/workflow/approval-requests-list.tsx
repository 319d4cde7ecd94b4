import { makeApprovalDecisionSchema } from '@amp/contracts/approval';
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { IconCheck, IconChecklist, IconStairsUp, IconX } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from '../../lib/api';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { ConfirmModal } from '../data/confirm-modal';
import { formatAge, formatDateTime, formatNaira, formatNumber } from '../data/format';
import { ListCard } from '../data/list-card';
import { ListPage } from '../data/list-page';
import { notifyError, notifySuccess } from '../data/server-errors';
import { useUrlListState } from '../data/use-url-list-state';
import { fieldMessage } from './field-message';
import { RecordTitle } from './record-title';
import { useRecordLinks } from './use-record-links';

const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;
const NUMERIC = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** docs/product.md#approval-levels: the two lists of an approver: "Awaiting Approval" and "Approved by me". */
export const APPROVAL_VIEWS = ['awaiting', 'approved'] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

/** Where a document type keeps the words of its approval requests (`approvals.*`, `approve.*`, `reject.*`, `field.reason`). */
export type ApprovalRequestTexts = 'woAdmin' | 'purchaseOrders';

/** What a row of an approver's list holds, whatever the document: one step of its sequence. */
export interface ApprovalRequestRow {
  _id: string;
  code: string;
  title: string;
  /** Naira as the API sends it. */
  total: string;
  step: { order: number; name: string; steps: number };
  /** The label of docs/product.md#approval-levels: the row awaits the reader, or the reader approved it. */
  label: 'Awaiting Approval' | 'Approved by me';
  askedAt: string | null;
  decidedAt: string | null;
}

type Decision = 'approve' | 'reject';
type DecideMutation = UseMutationResult<unknown, Error, { id: string; approve: boolean; reason?: string }>;

interface ApprovalRequestsListProps<R extends ApprovalRequestRow> {
  texts: ApprovalRequestTexts;
  /**
   * The two lists apart (the API filters by `view`), or one list holding both, the rows awaiting
   * the reader first (each row's label tells which it is).
   */
  splitViews: boolean;
  /** One page of the rows (page, pageSize, search and, with split views, the view, as kept in the URL). */
  useRows(query: Record<string, string | number | undefined> & { view?: ApprovalView }): UseQueryResult<Page<R>>;
  /** How many steps await the reader, for the "Awaiting Approval" badge. */
  awaitingCount: number | undefined;
  /** The approve / reject call; afterwards (and after a 409) the lists are read again. */
  useDecide(): DecideMutation;
  detailHref(row: R): string;
  /** Under the title: what the document is about (an asset, a warehouse). */
  subject?(row: R): ReactNode;
  /** The other party: its column's header, the card's line and the table's cell. */
  party: { column: string; line(row: R): string; name(row: R): string };
  /** On "Approved by me": where the document stands now. */
  state(row: R): ReactNode;
  /** The dialog's words beyond the row's own (the party's name, e.g. `{provider}`). */
  decisionParams(row: R): Record<string, string>;
  /** The catalogue's word for a decision taken, from the document as it now is ("The work order has been approved"). */
  decided(approve: boolean, after: unknown): string;
}

/**
 * An approver's list (docs/product.md#approval-levels: approvals are sequential by cost, so a row is one step of its
 * document): the documents whose pending step the reader may approve ("Awaiting Approval"), each
 * with Approve and Reject at hand, and those they approved ("Approved by me"). The view is kept in
 * the URL with the list's page and search.
 */
export function ApprovalRequestsList<R extends ApprovalRequestRow>({
  texts,
  splitViews,
  useRows,
  awaitingCount,
  useDecide,
  detailHref,
  subject,
  party,
  state,
  decisionParams,
  decided,
}: ApprovalRequestsListProps<R>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: ApprovalView = params.get('view') === 'approved' ? 'approved' : 'awaiting';
  const list = useUrlListState();
  const approvals = useRows(splitViews ? { ...list.query, view } : list.query);
  const [decision, setDecision] = useState<{ kind: Decision; row: R } | null>(null);
  // Kept apart from the decision so the dialog's text does not change while it animates closed.
  const [opened, setOpened] = useState(false);
  // The words of the list as a whole: the view shown, or both at once.
  const shown = splitViews ? view : 'all';
  const awaits = (row: R) => row.label === 'Awaiting Approval';

  const decide = (kind: Decision, row: R) => {
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

  const { open, codeLink } = useRecordLinks(detailHref, (code) => t(`${texts}.approvals.open`, { code }));
  const buttons = (row: R, size: 'xs' | 'sm') => (
    <Group gap={6} wrap="nowrap" justify="flex-end" onClick={(event) => event.stopPropagation()}>
      <Button
        size={size}
        variant="light"
        color="red"
        leftSection={<IconX size={16} />}
        onClick={() => decide('reject', row)}
        aria-label={t(`${texts}.approvals.rejectOne`, { code: row.code })}
      >
        {t(`${texts}.approvals.reject`)}
      </Button>
      <Button
        size={size}
        color="teal"
        leftSection={<IconCheck size={16} />}
        onClick={() => decide('approve', row)}
        aria-label={t(`${texts}.approvals.approveOne`, { code: row.code })}
      >
        {t(`${texts}.approvals.approve`)}
      </Button>
    </Group>
  );
  const when = (row: R) => <WhenText value={awaits(row) ? row.askedAt : row.decidedAt} awaiting={awaits(row)} texts={texts} />;
  const countBadge = (active: boolean) =>
    awaitingCount !== undefined ? (
      <Badge
        size="sm"
        circle={awaitingCount < 10}
        variant={active ? 'filled' : 'light'}
        color={awaitingCount > 0 ? 'orange' : 'gray'}
        style={{ flexShrink: 0 }}
      >
        {formatNumber(awaitingCount)}
      </Badge>
    ) : null;

  return (
    <Stack gap="md">
      {splitViews ? (
        <SegmentedControl
          value={view}
          onChange={changeView}
          fullWidth
          maw={520}
          data={APPROVAL_VIEWS.map((value) => ({
            value,
            label: (
              <Group gap={6} justify="center" wrap="nowrap">
                <Text span inherit truncate>
                  {t(`${texts}.approvals.view.${value}`)}
                </Text>
                {value === 'awaiting' ? countBadge(view === value) : null}
              </Group>
            ),
          }))}
        />
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{t(`${texts}.approvals.view.awaiting`)}</Text>
          {countBadge(true)}
        </Group>
      )}
      <Text size="sm" c="dimmed">
        {t(`${texts}.approvals.hint.${shown}`)}
      </Text>

      <ListPage
        list={list}
        query={approvals}
        searchPlaceholder={t(`${texts}.approvals.searchPlaceholder`)}
        empty={{
          icon: <IconChecklist size={32} stroke={1.5} />,
          title: t(`${texts}.approvals.empty.${shown}`),
          hint: t(`${texts}.approvals.emptyHint.${shown}`),
          noMatchTitle: t(`${texts}.approvals.noMatch`),
          noMatchHint: t(`${texts}.approvals.noMatchHint`),
        }}
        cardSkeleton={{ count: 3, height: 180 }}
        card={(row) => (
          <ListCard
            title={<RecordTitle code={codeLink(row)} title={row.title} />}
            aside={
              <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(row.total)}
              </Text>
            }
            onOpen={() => open(row)}
            actions={awaits(row) ? buttons(row, 'sm') : null}
          >
            {subject?.(row)}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {party.line(row)}
            </Text>
            <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
              <StepText row={row} texts={texts} />
              {when(row)}
            </Group>
            {awaits(row) ? null : state(row)}
          </ListCard>
        )}
        table={{
          minWidth: 900,
          columns: 6,
          header: (
            <>
              <Table.Th>{t(`${texts}.approvals.column.code`)}</Table.Th>
              <Table.Th miw={220}>{t(`${texts}.approvals.column.document`)}</Table.Th>
              <Table.Th>{party.column}</Table.Th>
              <Table.Th style={NUMERIC}>{t(`${texts}.approvals.column.total`)}</Table.Th>
              <Table.Th>{t(`${texts}.approvals.column.step`)}</Table.Th>
              <Table.Th style={SHRINK}>
                {t(`${texts}.approvals.column.${{ awaiting: 'decision', approved: 'approval', all: 'decisionOrStatus' }[shown]}`)}
              </Table.Th>
            </>
          ),
          row: (row) => (
            <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(row)}>
              <Table.Td style={SHRINK}>{codeLink(row)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {row.title}
                </Text>
                {subject?.(row)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {party.name(row)}
                </Text>
              </Table.Td>
              <Table.Td style={NUMERIC}>
                <Text size="sm" fw={600}>
                  {formatNaira(row.total)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StepText row={row} texts={texts} />
                {when(row)}
              </Table.Td>
              <Table.Td style={SHRINK}>{awaits(row) ? buttons(row, 'xs') : state(row)}</Table.Td>
            </Table.Tr>
          ),
        }}
      >
        <DecisionModal
          decision={decision}
          opened={opened}
          onClose={() => setOpened(false)}
          texts={texts}
          useDecide={useDecide}
          decisionParams={decisionParams}
          decided={decided}
        />
      </ListPage>
    </Stack>
  );
}

/** "Head O&M, step 1 of 2": the level the row concerns and where it sits in the document's sequence. */
function StepText({ row, texts }: { row: ApprovalRequestRow; texts: ApprovalRequestTexts }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconStairsUp size={16} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-indigo-6)' }} />
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {t(`${texts}.approvals.step`, { name: row.step.name, order: row.step.order, steps: row.step.steps })}
      </Text>
    </Group>
  );
}

/** When the reader was asked (awaiting) or decided (approved), as an age with the exact time on hover. */
function WhenText({ value, awaiting, texts }: { value: string | null; awaiting: boolean; texts: ApprovalRequestTexts }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Tooltip label={formatDateTime(value)}>
      <Text size="xs" c="dimmed" component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }}>
        {t(`${texts}.approvals.when.${awaiting ? 'awaiting' : 'approved'}`, { age: formatAge(value) })}
      </Text>
    </Tooltip>
  );
}

/**
 * Asks before approving or rejecting a step; a rejection needs a reason. A 409 (another approver
 * acted first, or the document changed) is told with the server's message, and the list is read again.
 */
function DecisionModal<R extends ApprovalRequestRow>({
  decision,
  opened,
  onClose,
  texts,
  useDecide,
  decisionParams,
  decided,
}: {
  decision: { kind: Decision; row: R } | null;
  opened: boolean;
  onClose(): void;
  texts: ApprovalRequestTexts;
  useDecide(): DecideMutation;
  decisionParams(row: R): Record<string, string>;
  decided(approve: boolean, after: unknown): string;
}) {
  const { t } = useTranslation();
  const decide = useDecide();
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
        onSuccess: (after) => {
          notifySuccess(t(decided(kind === 'approve', after)));
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
        ...decisionParams(row),
      }
    : {};
  return (
    <ConfirmModal
      opened={opened}
      onClose={dismiss}
      onConfirm={confirm}
      loading={decide.isPending}
      title={kind ? t(`${texts}.${kind}.title`, params) : ''}
      message={
        kind && row ? (
          <>
            {t(`${texts}.${kind}.message`, params)}{' '}
            {kind === 'approve' ? t(last ? `${texts}.approve.last` : `${texts}.approve.next`, params) : null}
          </>
        ) : null
      }
      confirmLabel={kind ? t(`${texts}.${kind}.confirm`) : undefined}
      confirmColor={kind === 'reject' ? 'red' : 'teal'}
    >
      {kind === 'reject' ? (
        <Textarea
          label={t(`${texts}.field.reason`)}
          description={t(`${texts}.reject.hint`)}
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
