import { OBSERVATION_STATUSES, OBSERVATION_TYPES } from '@amp/contracts/service-request';
import { Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { FilterSelect } from '../../components/data/filter-select';
import { formatDate, formatDateTime, formatNaira } from '../../components/data/format';
import { IntroListPage } from '../../components/data/intro-list-page';
import { ListCard } from '../../components/data/list-card';
import { RecordCodeLink } from '../../components/data/record-code-link';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { type Observation, useSentObservations } from './service-request-forms-api';
import { ObservationStatusBadge, ObservationTypeBadge } from './sr-badges';

const FILTERS = ['status', 'type'] as const;
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

/**
 * /service-request/observation/sent: the observations the caller's organisation sent (a technician:
 * their own), newest first, searchable and filtered by status and type; a rejected one shows why.
 */
export default function SentObservationsPage() {
  const { t } = useTranslation();
  const list = useUrlListState({ filters: FILTERS });
  const observations = useSentObservations(list.query);

  const requestLink = (observation: Observation) => (
    <RecordCodeLink
      to={`/service-request/view/${observation.serviceRequest._id}`}
      code={observation.serviceRequest.code}
      label={t('srForms.sent.openRequest', { code: observation.serviceRequest.code })}
    />
  );

  return (
    <IntroListPage
      intro={t('srForms.sent.intro')}
      list={list}
      query={observations}
      searchPlaceholder={t('srForms.sent.searchPlaceholder')}
      filters={
        <>
          <FilterSelect
            list={list}
            filter="status"
            label={t('srForms.sent.filter.status')}
            placeholder={t('srForms.sent.filter.allStatuses')}
            searchable={false}
            width={180}
            data={OBSERVATION_STATUSES.map((status) => ({ value: status, label: t(`serviceRequests.observationStatus.${status}`) }))}
          />
          <FilterSelect
            list={list}
            filter="type"
            label={t('srForms.sent.filter.type')}
            placeholder={t('srForms.sent.filter.allTypes')}
            searchable={false}
            width={160}
            data={OBSERVATION_TYPES.map((type) => ({ value: type, label: t(`serviceRequests.observationType.${type}`) }))}
          />
        </>
      }
      empty={{
        icon: <IconClipboardList size={32} stroke={1.5} />,
        title: t('srForms.sent.empty'),
        hint: t('srForms.sent.emptyHint'),
        noMatchTitle: t('srForms.noMatch'),
        noMatchHint: t('srForms.noMatchHint'),
      }}
      cardSkeleton={{ count: 4, height: 140 }}
      card={(observation) => (
        <ListCard title={requestLink(observation)} aside={<ObservationStatusBadge status={observation.status} size="sm" />}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {observation.serviceRequest.title}
          </Text>
          <Reason observation={observation} />
          <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
            <Group gap={6} wrap="nowrap">
              <ObservationTypeBadge type={observation.type} size="sm" />
              <DateText value={observation.createdAt} />
            </Group>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(observation.total)}
            </Text>
          </Group>
        </ListCard>
      )}
      table={{
        minWidth: 860,
        columns: 6,
        header: (
          <>
            <Table.Th miw={240}>{t('srForms.sent.column.request')}</Table.Th>
            <Table.Th>{t('srForms.sent.column.type')}</Table.Th>
            <Table.Th miw={200}>{t('srForms.sent.column.status')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('srForms.sent.column.total')}</Table.Th>
            <Table.Th>{t('srForms.sent.column.by')}</Table.Th>
            <Table.Th>{t('srForms.sent.column.date')}</Table.Th>
          </>
        ),
        row: (observation) => (
          <Table.Tr>
            <Table.Td>
              <Stack gap={2}>
                {requestLink(observation)}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {observation.serviceRequest.title}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              {/* Its whole word, however narrow the column: "Not Okay" must not read as "No…". */}
              <div style={{ width: 'max-content' }}>
                <ObservationTypeBadge type={observation.type} size="sm" />
              </div>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <ObservationStatusBadge status={observation.status} size="sm" />
                <Reason observation={observation} />
              </Stack>
            </Table.Td>
            <Table.Td style={{ ...SHRINK, textAlign: 'right' }}>
              <Text size="sm" fw={600}>
                {formatNaira(observation.total)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('srForms.sent.lines', { count: observation.lines.length })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{observation.submittedBy?.name ?? '–'}</Text>
            </Table.Td>
            <Table.Td style={SHRINK}>
              <DateText value={observation.createdAt} size="sm" />
            </Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}

/** Why the owner rejected it (kept when a correction superseded it). */
function Reason({ observation }: { observation: Observation }) {
  const { t } = useTranslation();
  if (!observation.decisionReason) return null;
  return (
    <Text size="xs" c={observation.status === 'rejected' ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
      {t('srForms.observation.rejectedReason', { reason: observation.decisionReason })}
    </Text>
  );
}

function DateText({ value, size = 'xs' }: { value: string; size?: 'xs' | 'sm' }) {
  return (
    <Tooltip label={formatDateTime(value)}>
      <Text size={size} c={size === 'xs' ? 'dimmed' : undefined} component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }}>
        {formatDate(value)}
      </Text>
    </Tooltip>
  );
}
