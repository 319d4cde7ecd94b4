import { Badge, Paper, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ClusterAssetList } from '../../components/cluster-asset-list';
import { ListEmpty } from '../../components/data/list-feedback';
import { ListToolbar } from '../../components/data/list-toolbar';
import { ListPaginationFooter } from '../../components/data/pagination-footer';
import { type UrlListState, useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { AssignedDetails, AssignedHeader, AssignedPageFrame } from './assigned-page-parts';
import { assignedHref, Detail, useAssignedBase } from './assignment-parts';
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
  const { base } = useAssignedBase();
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
        <ClusterAssetList
          // The cluster itself has loaded: only a next page of its assets can be pending here.
          query={{ isPending: false, isError: false, error: null, isPlaceholderData: query.isPlaceholderData, refetch: query.refetch }}
          assets={assets}
          empty={empty}
          hrefOf={(asset) => assignedHref(base, { type: 'asset', _id: asset._id })}
        />
        <ListPaginationFooter list={list} meta={query.data?.meta} />
      </Stack>
    </Paper>
  );
}
