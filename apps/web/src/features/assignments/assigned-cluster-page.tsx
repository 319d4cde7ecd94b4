import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ListCard } from '../../components/data/list-card';
import { ListEmpty } from '../../components/data/list-feedback';
import { ListToolbar } from '../../components/data/list-toolbar';
import { ListPaginationFooter } from '../../components/data/pagination-footer';
import { ResponsiveList } from '../../components/data/responsive-list';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { type UrlListState, useUrlListState } from '../../components/data/use-url-list-state';
import { AssignedDetails, AssignedHeader, AssignedPageFrame } from './assigned-page-parts';
import { AssetStatusBadge, assignedHref, Detail, useAssignedBase } from './assignment-parts';
import { type Asset, type AssignedClusterDetails, useAssignedCluster } from './assignments-api';

/** /asset/assigned/cluster/:id: a whole cluster the organisation (or the technician) holds: its assets and technicians. */
export default function AssignedClusterPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const list = useUrlListState({ pageSize: 10 });
  const cluster = useAssignedCluster(id, list.query);
  return (
    <AssignedPageFrame query={cluster} notFoundTitle={t('assignments.detail.clusterNotFound')}>
      {(page) => <AssignedCluster cluster={page.data} query={cluster} list={list} />}
    </AssignedPageFrame>
  );
}

interface AssignedClusterProps {
  cluster: AssignedClusterDetails;
  query: ReturnType<typeof useAssignedCluster>;
  list: UrlListState<never>;
}

function AssignedCluster({ cluster, query, list }: AssignedClusterProps) {
  const { t } = useTranslation();
  return (
    <>
      <AssignedHeader
        name={cluster.name}
        code={cluster.clusterID}
        badge={
          <Badge variant="light" color="teal">
            {t('assignments.assetCount', { count: cluster.assetCount })}
          </Badge>
        }
        owner={cluster.owner.name}
      />
      <AssignedDetails kind="cluster" id={cluster._id} technicians={cluster.technicians}>
        <Detail label={t('assignments.field.state')}>{cluster.state?.state ?? '–'}</Detail>
        <Detail label={t('assignments.field.lga')}>{cluster.lga ?? '–'}</Detail>
        <Detail label={t('assignments.field.address')}>{cluster.address || '–'}</Detail>
        <Detail label={t('assignments.field.description')}>
          <span style={{ whiteSpace: 'pre-line' }}>{cluster.description || '–'}</span>
        </Detail>
      </AssignedDetails>
      <ClusterAssets assets={cluster.assets} query={query} list={list} />
    </>
  );
}

function ClusterAssets({ assets, query, list }: { assets: Asset[]; query: AssignedClusterProps['query']; list: UrlListState<never> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const compact = useCompactLayout();
  const { base } = useAssignedBase();
  const href = (asset: Asset) => assignedHref(base, { type: 'asset', _id: asset._id });
  const nameLink = (asset: Asset) => (
    <Anchor component={Link} to={href(asset)} fw={500} onClick={(event) => event.stopPropagation()}>
      {asset.name}
    </Anchor>
  );
  const location = (asset: Asset) => [asset.locationID, asset.locationName].filter(Boolean).join(' · ') || '–';
  const empty =
    !query.isPending && assets.length === 0 ? (
      <ListEmpty
        title={list.narrowed ? t('assignments.clusterAssets.noMatch') : t('assignments.clusterAssets.empty')}
        onReset={list.narrowed ? list.resetFilters : undefined}
      />
    ) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('assignments.clusterAssets.title')}
        </Title>
        <ListToolbar
          search={list.search}
          onSearchChange={list.setSearch}
          searchPlaceholder={t('assignments.clusterAssets.searchPlaceholder')}
        />
        <ResponsiveList
          // The cluster itself has loaded: only a next page of its assets can be pending here.
          query={{ isPending: false, isError: false, error: null, isPlaceholderData: query.isPlaceholderData, refetch: query.refetch }}
          compact={compact}
          empty={empty}
          cardSkeleton={{ count: 3, height: 90 }}
          cards={assets.map((asset) => (
            <ListCard
              key={asset._id}
              title={nameLink(asset)}
              aside={<AssetStatusBadge status={asset.status} />}
              onOpen={() => navigate(href(asset))}
            >
              <Text size="sm" ff="monospace">
                {asset.assetID}
              </Text>
              <Text size="xs" c="dimmed">
                {[asset.category?.name, location(asset)].filter(Boolean).join(' · ')}
              </Text>
            </ListCard>
          ))}
          tableMinWidth={640}
          columns={5}
          header={
            <>
              <Table.Th>{t('assignments.field.assetID')}</Table.Th>
              <Table.Th>{t('assignments.field.name')}</Table.Th>
              <Table.Th>{t('assignments.field.category')}</Table.Th>
              <Table.Th>{t('assignments.field.location')}</Table.Th>
              <Table.Th>{t('assignments.field.status')}</Table.Th>
            </>
          }
          rows={assets.map((asset) => (
            <Table.Tr key={asset._id} style={{ cursor: 'pointer' }} onClick={() => navigate(href(asset))}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {asset.assetID}
              </Table.Td>
              <Table.Td>{nameLink(asset)}</Table.Td>
              <Table.Td>{asset.category?.name ?? '–'}</Table.Td>
              <Table.Td>{location(asset)}</Table.Td>
              <Table.Td>
                <AssetStatusBadge status={asset.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        />
        <ListPaginationFooter list={list} meta={query.data?.meta} />
      </Stack>
    </Paper>
  );
}
