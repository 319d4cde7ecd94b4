import { ActionIcon, Anchor, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconStack2, IconUserShare } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { CodeText } from '../../components/code-text';
import { CreateAssetMenu } from '../../components/create-asset-menu';
import { FilterSelect } from '../../components/data/filter-select';
import { formatDate, formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useStates } from '../../lib/queries/reference';
import { type Cluster, useClusters } from './clusters-api';

/** "Ikeja, Lagos", or a dash. */
function placeOf(cluster: Pick<Cluster, 'lga' | 'state'>): string {
  return [cluster.lga, cluster.state?.state].filter(Boolean).join(', ') || '–';
}

/** /asset/cluster: the owner's clusters with their asset counts; search, state filter, sorting and pages kept in the URL. */
export default function ClusterListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAuth();
  const list = useUrlListState({ filters: ['state'] as const, sort: 'createdAt', order: 'desc' });
  const clusters = useClusters(list.query);
  const states = useStates();

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const open = (cluster: Cluster) => navigate(`/asset/cluster/${cluster._id}`);
  const nameLink = (cluster: Cluster) => (
    <Anchor component={Link} to={`/asset/cluster/${cluster._id}`} fw={500} onClick={(event) => event.stopPropagation()}>
      {cluster.name}
    </Anchor>
  );
  const count = (cluster: Cluster) => (
    <Badge variant="light" color={cluster.assetCount > 0 ? 'teal' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
      {t('clusters.assetCount', { count: cluster.assetCount, number: formatNumber(cluster.assetCount) })}
    </Badge>
  );
  const actions = (cluster: Cluster) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('clusters.action.view')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          component={Link}
          to={`/asset/cluster/${cluster._id}`}
          aria-label={t('clusters.action.viewNamed', { name: cluster.name })}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {can('manageAsset') ? (
        <Tooltip label={t('clusters.action.edit')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            component={Link}
            to={`/asset/cluster/${cluster._id}/edit`}
            aria-label={t('clusters.action.editNamed', { name: cluster.name })}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );

  return (
    <ListPage
      list={list}
      query={clusters}
      searchPlaceholder={t('clusters.list.searchPlaceholder')}
      filters={
        <>
          <FilterSelect
            list={list}
            filter="state"
            label={t('clusters.list.stateFilter')}
            placeholder={t('clusters.list.allStates')}
            data={(states.data ?? []).map((state) => ({ value: state.alias, label: state.state }))}
          />
          <SortSelect
            list={list}
            columns={[
              { column: 'name', label: t('clusters.column.name') },
              { column: 'clusterID', label: t('clusters.column.clusterID') },
              { column: 'assetCount', label: t('clusters.column.assets') },
              { column: 'createdAt', label: t('clusters.column.created') },
            ]}
          />
        </>
      }
      actions={
        <>
          {can('manageAsset') ? (
            <Button component={Link} to="/asset/assign" variant="default" leftSection={<IconUserShare size={18} />}>
              {t('clusters.list.assignments')}
            </Button>
          ) : null}
          <CreateAssetMenu />
        </>
      }
      empty={{
        icon: <IconStack2 size={32} stroke={1.5} />,
        title: t('clusters.list.empty'),
        hint: t('clusters.list.emptyHint'),
        noMatchTitle: t('clusters.list.noMatch'),
        noMatchHint: t('clusters.list.noMatchHint'),
      }}
      cardSkeleton={{ count: 4, height: 100 }}
      card={(cluster) => (
        <ListCard title={nameLink(cluster)} aside={count(cluster)} actions={actions(cluster)} onOpen={() => open(cluster)}>
          <CodeText>{cluster.clusterID}</CodeText>
          <Text size="xs" c="dimmed">
            {[placeOf(cluster), formatDate(cluster.createdAt)].join(' · ')}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 760,
        columns: 6,
        header: (
          <>
            <SortableHeader column="clusterID" {...sortProps}>
              {t('clusters.column.clusterID')}
            </SortableHeader>
            <SortableHeader column="name" {...sortProps}>
              {t('clusters.column.name')}
            </SortableHeader>
            <Table.Th>{t('clusters.column.location')}</Table.Th>
            <SortableHeader column="assetCount" {...sortProps}>
              {t('clusters.column.assets')}
            </SortableHeader>
            <SortableHeader column="createdAt" {...sortProps}>
              {t('clusters.column.created')}
            </SortableHeader>
            <Table.Th>{t('data.actions')}</Table.Th>
          </>
        ),
        row: (cluster) => (
          <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(cluster)}>
            <Table.Td>
              <CodeText>{cluster.clusterID}</CodeText>
            </Table.Td>
            <Table.Td>
              {nameLink(cluster)}
              {cluster.address ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {cluster.address}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{placeOf(cluster)}</Table.Td>
            <Table.Td fw={500} c={cluster.assetCount > 0 ? undefined : 'dimmed'}>
              {cluster.assetCount.toLocaleString(i18n.language)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(cluster.createdAt)}</Table.Td>
            <Table.Td onClick={(event) => event.stopPropagation()}>{actions(cluster)}</Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}
