import type { FaultSummary } from '@amp/contracts/fault';
import { Anchor, Badge, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth';
import { useTranslation } from '../lib/i18n';
import { useFaultList } from '../lib/queries/faults';
import { CodeText } from './code-text';
import { formatAge, formatDateTime } from './data/format';
import { FaultStatusBadge } from './fault-status-badge';

const OPEN_SHOWN = 20;
const CLOSED_SHOWN = 5;

/**
 * An asset's faults on its pages (the owner's, the provider's and the technician's): the open
 * ones first, then the latest closed ones, each linking to its page; "Report a fault" for those
 * who may report (the Fault Portal, with the asset chosen).
 */
export function AssetFaultsCard({ assetId }: { assetId: string }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const base = { assetId, sort: 'createdAt', order: 'desc' };
  const open = useFaultList({ ...base, tab: 'open', pageSize: OPEN_SHOWN });
  const closed = useFaultList({ ...base, tab: 'closed', pageSize: CLOSED_SHOWN });
  const openRows = open.data?.data ?? [];
  const closedRows = closed.data?.data ?? [];
  const openTotal = open.data?.meta.total ?? 0;
  const closedTotal = closed.data?.meta.total ?? 0;
  const failed = open.isError || closed.isError;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Title order={3} size="h4">
              {t('faults.asset.title')}
            </Title>
            {openTotal > 0 ? (
              <Badge color="red" variant="light">
                {t('faults.asset.openCount', { count: openTotal })}
              </Badge>
            ) : null}
          </Group>
          {can('manageAssetFault') ? (
            <Button
              variant="light"
              size="xs"
              component={Link}
              to={`/asset/report-fault?asset=${assetId}`}
              leftSection={<IconFileDescription size={16} />}
            >
              {t('faults.asset.report')}
            </Button>
          ) : null}
        </Group>

        {open.isPending || closed.isPending ? (
          <Stack gap="xs" aria-hidden>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : failed ? (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {t('faults.asset.unavailable')}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                void open.refetch();
                void closed.refetch();
              }}
            >
              {t('data.retry')}
            </Button>
          </Group>
        ) : openRows.length === 0 && closedRows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('faults.asset.none')}
          </Text>
        ) : (
          <Stack gap={0}>
            {openRows.length === 0 ? (
              <Text size="sm" c="dimmed" pb="xs">
                {t('faults.asset.noneOpen')}
              </Text>
            ) : null}
            {openRows.map((fault) => (
              <FaultLine key={fault._id} fault={fault} />
            ))}
            {closedRows.length > 0 ? <Divider my="xs" label={t('faults.asset.recentlyClosed')} labelPosition="left" /> : null}
            {closedRows.map((fault) => (
              <FaultLine key={fault._id} fault={fault} />
            ))}
          </Stack>
        )}

        {openTotal > openRows.length || closedTotal > closedRows.length ? (
          <Anchor component={Link} to={`/asset/reported-faults?assetId=${assetId}`} size="sm" w="fit-content">
            {t('faults.asset.all', { count: openTotal + closedTotal })}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

function FaultLine({ fault }: { fault: FaultSummary }) {
  const { t } = useTranslation();
  const more = fault.reporters - 1;
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" py={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/asset/reported-faults/${fault._id}`} aria-label={t('faults.list.open', { code: fault.code })}>
            <CodeText fw={600}>{fault.code}</CodeText>
          </Anchor>
          <Text size="sm">{t(`faults.type.${fault.faultType}`)}</Text>
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1} title={fault.description}>
          {fault.description}
        </Text>
        <Text size="xs" c="dimmed">
          {more > 0
            ? t('faults.detail.reportedByMore', { name: fault.reporterName, count: more })
            : t('faults.detail.reportedBy', { name: fault.reporterName })}
          {' · '}
          <time dateTime={fault.createdAt} title={formatDateTime(fault.createdAt)}>
            {formatAge(fault.createdAt)}
          </time>
        </Text>
      </Stack>
      <FaultStatusBadge status={fault.status} size="sm" />
    </Group>
  );
}
