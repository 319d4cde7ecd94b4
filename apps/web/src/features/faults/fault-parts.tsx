import type { FaultSummary } from '@amp/contracts/fault';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { CodeText } from '../../components/code-text';
import { useTranslation } from '../../lib/i18n';

/** The first reporter's name, and "+N" for everyone who reported the same fault after them. */
export function ReporterCell({ fault }: { fault: FaultSummary }) {
  const { t } = useTranslation();
  const more = fault.reporters - 1;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {fault.reporterName}
      </Text>
      {more > 0 ? (
        <Tooltip label={t('faults.reporters.more', { count: more })}>
          <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }} aria-label={t('faults.reporters.more', { count: more })}>
            +{more}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** The asset's name over its code, then its cluster and location, as one line each. */
export function AssetCell({ fault }: { fault: FaultSummary }) {
  const place = [fault.cluster?.name, fault.locationID].filter(Boolean).join(' · ');
  return (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {fault.asset.name}{' '}
        <CodeText fz="xs" c="dimmed">
          {fault.asset.assetID}
        </CodeText>
      </Text>
      {place ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {place}
        </Text>
      ) : null}
    </>
  );
}
