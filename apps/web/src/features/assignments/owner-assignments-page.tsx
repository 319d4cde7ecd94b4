import { ActionIcon, Anchor, Badge, Button, CloseButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconUserShare } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { FilterSelect } from '../../components/data/filter-select';
import { formatDate } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { useOwnerAssignments } from '../../lib/queries/assignments';
import { useCluster } from '../../lib/queries/clusters';
import { useServiceProviders } from '../../lib/queries/providers';
import { AssignDrawer } from './assign-drawer';
import { clusterOf, TargetCell, TypeFilter, useKindLabel } from './assignment-parts';
import { type OwnerAssignment, useUnassign } from './assignments-api';

/** Where the owner opens an asset or a cluster of theirs. */
const ownHref = (row: OwnerAssignment) =>
  row.target.type === 'cluster' ? `/asset/cluster/${row.target._id}` : `/asset/asset-list/${row.target._id}`;

/**
 * /asset/assign: what the owner has given to providers, filtered by provider, type or cluster, with
 * "Take back" per row and the assign form. `?assignCluster=<id>` opens the form with that cluster.
 */
export default function OwnerAssignmentsPage() {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const list = useUrlListState({ filters: ['type', 'providerId', 'clusterId'] as const });
  const assignments = useOwnerAssignments(list.query);
  const providers = useServiceProviders('');
  const filterCluster = useCluster(list.filters.clusterId);
  const [params, setParams] = useSearchParams();
  const assignClusterId = params.get('assignCluster') ?? undefined;
  const preset = useCluster(assignClusterId);
  const [assigning, setAssigning] = useState(false);
  // The row stays set while the confirmation closes, so its text does not vanish mid-animation.
  const [takingBack, setTakingBack] = useState<OwnerAssignment | null>(null);
  const [confirming, setConfirming] = useState(false);
  const unassign = useUnassign();

  // Opened from a cluster's page: the form starts with that cluster once it has loaded.
  useEffect(() => {
    if (assignClusterId && preset.data) setAssigning(true);
  }, [assignClusterId, preset.data]);
  const closeAssign = () => {
    setAssigning(false);
    if (assignClusterId) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('assignCluster');
          return next;
        },
        { replace: true },
      );
    }
  };

  const rows = assignments.data?.data ?? [];
  const providerOptions = useMemo(() => {
    const options = new Map((providers.data?.data ?? []).map((p) => [p._id, p.name]));
    // A provider from a shared link may be beyond the first page of names: its rows know it.
    for (const row of rows) options.set(row.provider._id, row.provider.name);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [providers.data, rows]);

  const takeBack = () => {
    if (!takingBack) return;
    const { target, provider } = takingBack;
    unassign.mutate(
      {
        providerId: provider._id,
        ...(target.type === 'cluster' ? { clusterIds: [target._id] } : { assetIds: [target._id] }),
      },
      {
        onSuccess: () => notifySuccess(t('ASSIGNMENT.UNASSIGNED')),
        onError: (error) => notifyError(error),
        onSettled: () => setConfirming(false),
      },
    );
  };

  const takeBackButton = (row: OwnerAssignment) => (
    <Tooltip label={t('assignments.takeBack.action')}>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={t('assignments.takeBack.named', { name: row.target.name })}
        onClick={() => {
          setTakingBack(row);
          setConfirming(true);
        }}
      >
        <IconArrowBackUp size={18} />
      </ActionIcon>
    </Tooltip>
  );
  const providerCell = (row: OwnerAssignment) => (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {row.provider.name}
      </Text>
      <Text size="xs" c="dimmed">
        {kindLabel(row.provider.kind)} ·{' '}
        <Anchor component={Link} to={`/pricebook/provider/${row.provider._id}`} size="xs" onClick={(event) => event.stopPropagation()}>
          {t('pricebook.provider.link')}
        </Anchor>
      </Text>
    </Stack>
  );

  return (
    <ListPage
      list={list}
      query={assignments}
      searchPlaceholder={t('assignments.owner.searchPlaceholder')}
      filters={
        <>
          <FilterSelect
            list={list}
            filter="providerId"
            label={t('assignments.filter.provider')}
            placeholder={t('assignments.filter.allProviders')}
            width={220}
            data={providerOptions}
          />
          <TypeFilter list={list} />
        </>
      }
      actions={
        <Button leftSection={<IconUserShare size={18} />} onClick={() => setAssigning(true)}>
          {t('assignments.assign.open')}
        </Button>
      }
      above={
        list.filters.clusterId ? (
          <Group gap="xs">
            <Badge
              size="lg"
              variant="light"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={t('assignments.filter.clearCluster')}
                  onClick={() => list.setFilter('clusterId', null)}
                />
              }
            >
              {t('assignments.filter.cluster', {
                cluster: filterCluster.data ? `${filterCluster.data.name} (${filterCluster.data.clusterID})` : '…',
              })}
            </Badge>
          </Group>
        ) : null
      }
      empty={{
        icon: <IconUserShare size={32} stroke={1.5} />,
        title: t('assignments.owner.empty'),
        hint: t('assignments.owner.emptyHint'),
        noMatchTitle: t('assignments.owner.noMatch'),
        noMatchHint: t('assignments.owner.noMatchHint'),
      }}
      cardSkeleton={{ count: 4, height: 110 }}
      card={(row) => (
        <ListCard title={<TargetCell target={row.target} href={ownHref(row)} />} actions={takeBackButton(row)}>
          <Text size="sm">{t('assignments.owner.toProvider', { provider: row.provider.name, kind: kindLabel(row.provider.kind) })}</Text>
          <Text size="xs" c="dimmed">
            {[
              row.target.type === 'asset' && row.target.cluster ? clusterOf(row.target) : null,
              t('assignments.since', { date: formatDate(row.assignedAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 780,
        columns: 5,
        header: (
          <>
            <Table.Th>{t('assignments.column.target')}</Table.Th>
            <Table.Th>{t('assignments.column.cluster')}</Table.Th>
            <Table.Th>{t('assignments.column.provider')}</Table.Th>
            <Table.Th>{t('assignments.column.since')}</Table.Th>
            <Table.Th>{t('data.actions')}</Table.Th>
          </>
        ),
        row: (row) => (
          <Table.Tr>
            <Table.Td>
              <TargetCell target={row.target} href={ownHref(row)} />
            </Table.Td>
            <Table.Td>{clusterOf(row.target)}</Table.Td>
            <Table.Td>{providerCell(row)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.assignedAt)}</Table.Td>
            <Table.Td>{takeBackButton(row)}</Table.Td>
          </Table.Tr>
        ),
      }}
    >
      <AssignDrawer opened={assigning} onClose={closeAssign} cluster={assignClusterId ? preset.data : undefined} />
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={takeBack}
        loading={unassign.isPending}
        title={t('assignments.takeBack.title')}
        message={
          takingBack
            ? t(`assignments.takeBack.message.${takingBack.target.type}`, {
                target: `${takingBack.target.name} (${takingBack.target.code})`,
                provider: takingBack.provider.name,
              })
            : null
        }
        confirmLabel={t('assignments.takeBack.action')}
        confirmColor="red"
      />
    </ListPage>
  );
}
