import type { Observation, ObservationLine } from '@amp/contracts/service-request';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconTool, IconX } from '@tabler/icons-react';
import { formatDateTime } from '../../components/data/format';
import { FileGallery } from '../../components/files/file-gallery';
import { CodeLink } from '../../components/workflow/code-link';
import { CostLinesTable } from '../../components/workflow/cost-lines-table';
import { Fact, FactBlock } from '../../components/workflow/fact';
import { useTranslation } from '../../lib/i18n';
import { ObservationStatusBadge, ObservationTypeBadge } from './sr-badges';

/** Brings an observation into view and moves the focus there (for keyboard and screen reader users too). */
export function showObservation(id: string) {
  const element = document.getElementById(`observation-${id}`);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  element.focus({ preventScroll: true });
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
export function ObservationCard({
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
