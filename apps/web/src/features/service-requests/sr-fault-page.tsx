import type { FaultSummary } from '@amp/contracts/fault';
import { Alert, Badge, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle, IconMessageReport, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CodeText } from '../../components/code-text';
import { AgeText } from '../../components/data/age-text';
import { IntroListPage } from '../../components/data/intro-list-page';
import { ListCard } from '../../components/data/list-card';
import { RecordCodeLink } from '../../components/data/record-code-link';
import { AgeCell } from '../../components/data/record-row';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useFaultList } from '../../lib/queries/faults';

const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

const sendHref = (fault: FaultSummary) => `/service-request/new?fault=${fault._id}`;

/**
 * /service-request/faults: the owner's open faults awaiting its decision (the fault list's Approval
 * Requests), each ready to be sent as a service request.
 */
export default function SrFaultPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const owner = user?.organisation.kind === 'asset_owner';
  const list = useUrlListState({ sort: 'createdAt', order: 'desc' });
  // Only the faults before the owner now: a provider's approval requests are not the owner's to raise.
  const faults = useFaultList({ ...list.query, tab: 'approval', status: 'awaiting_owner' }, { enabled: owner });
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };

  if (!owner) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />} maw={960}>
        {t('srForms.send.ownersOnly')}
      </Alert>
    );
  }

  const codeLink = (fault: FaultSummary) => (
    <RecordCodeLink
      to={`/asset/reported-faults/${fault._id}`}
      code={fault.code}
      label={t('srForms.faults.openFault', { code: fault.code })}
    />
  );
  const sendButton = (fault: FaultSummary, fullWidth = false) => (
    <Button
      component={Link}
      to={sendHref(fault)}
      size="xs"
      variant="light"
      fullWidth={fullWidth}
      leftSection={<IconSend size={14} />}
      aria-label={t('srForms.faults.sendFault', { code: fault.code })}
    >
      {fullWidth ? t('srForms.faults.send') : t('srForms.faults.sendShort')}
    </Button>
  );

  return (
    <IntroListPage
      intro={t('srForms.faults.intro')}
      list={list}
      query={faults}
      searchPlaceholder={t('srForms.faults.searchPlaceholder')}
      empty={{
        icon: <IconMessageReport size={32} stroke={1.5} />,
        title: t('srForms.faults.empty'),
        hint: t('srForms.faults.emptyHint'),
        noMatchTitle: t('srForms.noMatch'),
        noMatchHint: t('srForms.noMatchHint'),
      }}
      cardSkeleton={{ count: 4, height: 150 }}
      card={(fault) => (
        <ListCard
          title={codeLink(fault)}
          aside={
            <Badge variant="light" color="gray" size="sm">
              {t(`faults.type.${fault.faultType}`, { defaultValue: fault.faultType })}
            </Badge>
          }
          actions={sendButton(fault, true)}
        >
          <div>
            <AssetLines fault={fault} />
          </div>
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {fault.description}
          </Text>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Reporter fault={fault} />
            <AgeText value={fault.createdAt} size="xs" />
          </Group>
        </ListCard>
      )}
      table={{
        minWidth: 860,
        columns: 6,
        header: (
          <>
            <SortableHeader column="code" {...sortProps}>
              {t('srForms.faults.column.code')}
            </SortableHeader>
            <Table.Th miw={200}>{t('srForms.faults.column.asset')}</Table.Th>
            <Table.Th>{t('srForms.faults.column.description')}</Table.Th>
            <SortableHeader column="reporters" {...sortProps}>
              {t('srForms.faults.column.reporter')}
            </SortableHeader>
            <SortableHeader column="createdAt" {...sortProps}>
              {t('srForms.faults.column.reported')}
            </SortableHeader>
            <Table.Th style={SHRINK}>
              <VisuallyHidden>{t('data.actions')}</VisuallyHidden>
            </Table.Th>
          </>
        ),
        row: (fault) => (
          <Table.Tr>
            <Table.Td style={SHRINK}>
              <Stack gap={2}>
                {codeLink(fault)}
                <Text size="xs" c="dimmed">
                  {t(`faults.type.${fault.faultType}`, { defaultValue: fault.faultType })}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              <AssetLines fault={fault} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {fault.description}
              </Text>
            </Table.Td>
            <Table.Td>
              <Reporter fault={fault} />
            </Table.Td>
            <AgeCell value={fault.createdAt} />
            <Table.Td style={SHRINK}>{sendButton(fault)}</Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}

function AssetLines({ fault }: { fault: FaultSummary }) {
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

function Reporter({ fault }: { fault: FaultSummary }) {
  const { t } = useTranslation();
  const more = fault.reporters - 1;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {fault.reporterName}
      </Text>
      {more > 0 ? (
        <Tooltip label={t('srForms.faults.moreReporters', { count: more })}>
          <Badge
            size="sm"
            variant="light"
            color="gray"
            style={{ flexShrink: 0, overflow: 'visible' }}
            aria-label={t('srForms.faults.moreReporters', { count: more })}
          >
            +{more}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
