import { makeMaterialRequestRejectSchema } from '@amp/contracts/material-request';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { apiErrorText } from '../../components/api-error';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { formatDateTime, formatNaira, formatNumber } from '../../components/data/format';
import { quantityWithUnit } from '../../components/data/quantity';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { CodeLink } from '../../components/workflow/code-link';
import { DetailCard } from '../../components/workflow/detail-card';
import { DetailByline, DetailHeader } from '../../components/workflow/detail-header';
import { Fact, FactLabel } from '../../components/workflow/fact';
import { fieldMessage } from '../../components/workflow/field-message';
import { MrStatusBadge } from '../../components/workflow/mr-status-badge';
import { ReasonAlert } from '../../components/workflow/reason-alert';
import { ReasonDialog } from '../../components/workflow/reason-dialog';
import { RecordDetailFrame } from '../../components/workflow/record-detail-frame';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { type MaterialRequest, useMaterialRequest, useMaterialRequestStep } from './material-requests-api';
import { MrLineStatusBadge, type ShownLineStatus } from './mr-badges';

/** A line as shown: a cancelled request's undecided lines read as cancelled, not as waiting. */
type Line = Omit<MaterialRequest['lines'][number], 'status'> & { status: ShownLineStatus };

/** The list a reader comes back to: their own requests, the ones to decide, or the decided ones. */
function useBackLink(request: MaterialRequest | undefined): { to: string; label: string } {
  const { user, can } = useAuth();
  const tab =
    request && request.requestedBy._id === user?._id
      ? 'mine'
      : request?.status === 'pending' && can('manageWarehouse')
        ? 'incoming'
        : request
          ? 'decided'
          : 'mine';
  return { to: `/material-request?tab=${tab}`, label: `materialRequests.detail.back.${tab}` };
}

/** /material-request/:id: one request with its lines; its warehouse's managers decide line by line, the requester may cancel it. */
export default function MaterialRequestDetailPage() {
  const { id = '' } = useParams();
  const request = useMaterialRequest(id);
  const back = useBackLink(request.data);
  return (
    <RecordDetailFrame back={back} query={request} texts="materialRequests" headerHeight={130}>
      {(data) => <RequestView request={data} />}
    </RecordDetailFrame>
  );
}

type Dialog = 'accept' | 'reject' | 'cancel';

function RequestView({ request }: { request: MaterialRequest }) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const { can } = useAuth();
  const step = useMaterialRequestStep(request._id);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Why the last decision was refused (short stock, decided meanwhile): kept in view, the selection kept too.
  const [refusal, setRefusal] = useState<{ title: string; text: string } | null>(null);

  const decides = request.actions.includes('accept') || request.actions.includes('reject');
  const lines: Line[] =
    request.status === 'cancelled'
      ? request.lines.map((line) => (line.status === 'pending' ? { ...line, status: 'cancelled' } : line))
      : request.lines;
  const pending = lines.filter((line) => line.status === 'pending');
  // A line decided meanwhile is no longer chosen.
  const chosen = selected.filter((lineId) => pending.some((line) => line._id === lineId));
  const deciding = chosen.length > 0 ? lines.filter((line) => chosen.includes(line._id)) : pending;
  const close = () => setDialog(null);

  /** Runs a step; a 409 (short stock, or decided meanwhile) stays on the page above the lines. */
  const run = (body: Parameters<typeof step.mutate>[0], message: string, onFieldError?: (text: string) => void) => {
    setRefusal(null);
    step.mutate(body, {
      onSuccess: () => {
        notifySuccess(t(message));
        setSelected([]);
        close();
      },
      onError: (failure) => {
        const field = fieldMessage(failure);
        if (field && onFieldError) return onFieldError(field);
        if (failure instanceof ApiError && failure.status === 409) {
          const title = body.action === 'accept' ? 'materialRequests.detail.refused' : 'materialRequests.detail.unchanged';
          setRefusal({ title: t(title), text: apiErrorText(failure) });
        } else notifyError(failure);
        close();
      },
    });
  };
  const named = chosen.length > 0 ? chosen : undefined;

  return (
    <>
      <DetailHeader
        code={request.code}
        badges={<MrStatusBadge status={request.status} />}
        basis={300}
        aside={
          request.issuedKobo > 0 ? (
            <Stack gap={4} align={compact ? 'flex-start' : 'flex-end'} style={{ flex: '0 0 auto' }}>
              <FactLabel>{t('materialRequests.detail.issued')}</FactLabel>
              <Text fz={24} fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(request.issued)}
              </Text>
            </Stack>
          ) : null
        }
        footer={
          request.actions.includes('cancel') ? (
            <Group gap="sm" mt="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Button color="red" variant="light" leftSection={<IconX size={18} />} onClick={() => setDialog('cancel')}>
                {t('materialRequests.action.cancel')}
              </Button>
            </Group>
          ) : null
        }
      >
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {t('materialRequests.detail.from', { warehouse: request.warehouse.name })}
        </Text>
        {request.workOrder ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('materialRequests.detail.forWorkOrder')}{' '}
            <CodeLink
              to={
                can(['manageWO', 'approveWO', 'viewOutgoingWO', 'viewIncomingWO', 'viewCompletedWO'])
                  ? `/work-order/view/${request.workOrder._id}`
                  : null
              }
              code={request.workOrder.code}
            />{' '}
            · {request.workOrder.title}
          </Text>
        ) : null}
        <DetailByline text={t('materialRequests.detail.requestedBy', { name: request.requestedBy.name })} at={request.createdAt} />
        {request.note ? (
          <Fact label={t('materialRequests.field.note')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{request.note}</span>
          </Fact>
        ) : null}
      </DetailHeader>

      {request.status === 'cancelled' ? <ReasonAlert color="gray" title={t('materialRequests.detail.cancelled')} /> : null}
      {decides && pending.length > 0 ? (
        <ReasonAlert
          color="orange"
          title={t('materialRequests.detail.awaitingYou', { count: pending.length })}
          text={t('materialRequests.detail.awaitingYouHint')}
        />
      ) : null}

      <DetailCard title={t('materialRequests.detail.lines', { count: request.lines.length })}>
        {refusal ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={refusal.title}
            withCloseButton
            onClose={() => setRefusal(null)}
            closeButtonLabel={t('data.close')}
          >
            <Text size="sm">{refusal.text}</Text>
          </Alert>
        ) : null}
        {compact ? (
          <Stack gap="sm">
            {lines.map((line) => (
              <LineCard
                key={line._id}
                line={line}
                selectable={decides}
                selected={chosen.includes(line._id)}
                onSelect={(on) => setSelected(toggle(chosen, line._id, on))}
              />
            ))}
          </Stack>
        ) : (
          <LinesTable lines={lines} selectable={decides} chosen={chosen} onChosen={setSelected} />
        )}
        {decides && pending.length > 0 ? (
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {chosen.length > 0
                  ? t('materialRequests.detail.selectedCount', { count: chosen.length })
                  : t('materialRequests.detail.selectHint', { count: pending.length })}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={compact ? undefined : 480}>
                <Button
                  color="teal"
                  leftSection={<IconCheck size={18} />}
                  onClick={() => setDialog('accept')}
                  disabled={!request.actions.includes('accept')}
                >
                  {t(chosen.length > 0 ? 'materialRequests.action.acceptSelected' : 'materialRequests.action.acceptAll', {
                    count: chosen.length,
                  })}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconX size={18} />}
                  onClick={() => setDialog('reject')}
                  disabled={!request.actions.includes('reject')}
                >
                  {t(chosen.length > 0 ? 'materialRequests.action.rejectSelected' : 'materialRequests.action.rejectAll', {
                    count: chosen.length,
                  })}
                </Button>
              </SimpleGrid>
            </Stack>
          </Paper>
        ) : null}
      </DetailCard>

      <ConfirmModal
        opened={dialog === 'accept'}
        onClose={close}
        onConfirm={() => run({ action: 'accept', lines: named }, 'MR.ACCEPTED')}
        loading={step.isPending}
        title={t('materialRequests.accept.title', { count: deciding.length })}
        message={t('materialRequests.accept.message', { warehouse: request.warehouse.name })}
        confirmLabel={t('materialRequests.accept.confirm')}
        confirmColor="teal"
      >
        <Stack gap={4}>
          {deciding.map((line) => (
            <Group key={line._id} justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line.item.name}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {quantityWithUnit(t, line.quantity, line.unit)}
              </Text>
            </Group>
          ))}
        </Stack>
      </ConfirmModal>
      <ReasonDialog
        opened={dialog === 'reject'}
        onClose={close}
        pending={step.isPending}
        field={{ label: t('materialRequests.reject.reason'), description: t('materialRequests.reject.reasonHint'), required: true }}
        title={t('materialRequests.reject.title', { count: deciding.length })}
        message={deciding.map((line) => line.item.name).join(', ')}
        confirmLabel={t('materialRequests.reject.confirm')}
        confirmColor="red"
        onConfirm={(reason, { fail }) => {
          const parsed = makeMaterialRequestRejectSchema(translateMessage).shape.reason.safeParse(reason);
          if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
          run({ action: 'reject', reason: parsed.data, lines: named }, 'MR.REJECTED', fail);
        }}
      />
      <ConfirmModal
        opened={dialog === 'cancel'}
        onClose={close}
        onConfirm={() => run({ action: 'cancel' }, 'MR.CANCELLED')}
        loading={step.isPending}
        title={t('materialRequests.cancel.title', { code: request.code })}
        message={t('materialRequests.cancel.message')}
        confirmLabel={t('materialRequests.cancel.confirm')}
        confirmColor="red"
      />
    </>
  );
}

function toggle(chosen: string[], lineId: string, on: boolean): string[] {
  return on ? [...chosen, lineId] : chosen.filter((other) => other !== lineId);
}

/** What the warehouse holds now; red when a pending line asks for more. */
function Available({ line }: { line: Line }) {
  const { t } = useTranslation();
  const short = line.status === 'pending' && line.available < line.quantity;
  return (
    <Text size="sm" c={short ? 'red.8' : undefined} fw={short ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatNumber(line.available)}
      {short ? ` · ${t('materialRequests.detail.short')}` : ''}
    </Text>
  );
}

/** How a line was decided: its price when issued, or the reason it was refused, and by whom. */
function Decision({ line }: { line: Line }) {
  const { t } = useTranslation();
  if (line.status === 'pending') return null;
  return (
    <Stack gap={2}>
      {line.status === 'accepted' && line.price ? (
        <Text size="sm">{t('materialRequests.detail.issuedAt', { price: formatNaira(line.price) })}</Text>
      ) : null}
      {line.reason ? (
        <Text size="sm" c="red.8" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {line.reason}
        </Text>
      ) : null}
      {line.decidedAt ? (
        <Text size="xs" c="dimmed">
          {[line.decidedBy?.name, formatDateTime(line.decidedAt)].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}

const STATUS_ORDER: Record<ShownLineStatus, number> = { pending: 0, accepted: 1, rejected: 2, cancelled: 3 };

function LineCard({
  line,
  selectable,
  selected,
  onSelect,
}: {
  line: Line;
  selectable: boolean;
  selected: boolean;
  onSelect(on: boolean): void;
}) {
  const { t } = useTranslation();
  const canSelect = selectable && line.status === 'pending';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      // On a phone the whole card is the target that ticks the line.
      onClick={canSelect ? () => onSelect(!selected) : undefined}
      style={{
        ...(canSelect ? { cursor: 'pointer' } : {}),
        ...(selected ? { borderColor: 'var(--mantine-color-teal-5)', background: 'var(--mantine-color-teal-0)' } : {}),
      }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {canSelect ? (
          <Checkbox
            mt={2}
            size="md"
            checked={selected}
            onChange={(event) => onSelect(event.currentTarget.checked)}
            onClick={(event) => event.stopPropagation()}
            aria-label={t('materialRequests.detail.select', { name: line.item.name })}
          />
        ) : null}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {line.item.name}
            </Text>
            <MrLineStatusBadge status={line.status} />
          </Group>
          <Group gap="lg" wrap="wrap">
            <Fact label={t('materialRequests.column.requested')}>{quantityWithUnit(t, line.quantity, line.unit)}</Fact>
            {line.status === 'pending' ? (
              <Fact label={t('materialRequests.column.available')}>
                <Available line={line} />
              </Fact>
            ) : null}
          </Group>
          <Decision line={line} />
        </Stack>
      </Group>
    </Paper>
  );
}

function LinesTable({
  lines,
  selectable,
  chosen,
  onChosen,
}: {
  lines: Line[];
  selectable: boolean;
  chosen: string[];
  onChosen(chosen: string[]): void;
}) {
  const { t } = useTranslation();
  const pending = lines.filter((line) => line.status === 'pending');
  const all = pending.length > 0 && chosen.length === pending.length;
  const sorted = [...lines].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
  const withBoxes = selectable && pending.length > 0;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {withBoxes ? (
              <Table.Th w={40}>
                <Checkbox
                  checked={all}
                  indeterminate={chosen.length > 0 && !all}
                  onChange={() => onChosen(all ? [] : pending.map((line) => line._id))}
                  aria-label={t('materialRequests.detail.selectAll')}
                />
              </Table.Th>
            ) : null}
            <Table.Th>{t('materialRequests.column.item')}</Table.Th>
            <Table.Th ta="right">{t('materialRequests.column.requested')}</Table.Th>
            <Table.Th ta="right">{t('materialRequests.column.available')}</Table.Th>
            <Table.Th>{t('materialRequests.column.status')}</Table.Th>
            <Table.Th miw={200}>{t('materialRequests.column.decision')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((line) => (
            <Table.Tr key={line._id} bg={chosen.includes(line._id) ? 'var(--mantine-color-teal-0)' : undefined}>
              {withBoxes ? (
                <Table.Td>
                  {line.status === 'pending' ? (
                    <Checkbox
                      checked={chosen.includes(line._id)}
                      onChange={(event) => onChosen(toggle(chosen, line._id, event.currentTarget.checked))}
                      aria-label={t('materialRequests.detail.select', { name: line.item.name })}
                    />
                  ) : null}
                </Table.Td>
              ) : null}
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {line.item.name}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {quantityWithUnit(t, line.quantity, line.unit)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {line.status === 'pending' ? (
                  <Available line={line} />
                ) : (
                  <Text size="sm" c="dimmed">
                    –
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <MrLineStatusBadge status={line.status} />
              </Table.Td>
              <Table.Td>
                <Decision line={line} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
