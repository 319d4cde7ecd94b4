import { Anchor, Badge, Button, Grid, Group, List, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconPrinter, IconTrash, IconUserShare } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ClusterAssetList } from '../../components/cluster-asset-list';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDate, formatNumber } from '../../components/data/format';
import { ListEmpty } from '../../components/data/list-feedback';
import { ListToolbar } from '../../components/data/list-toolbar';
import { ListPaginationFooter } from '../../components/data/pagination-footer';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useCluster } from '../../lib/queries/clusters';
import { type Cluster, useClusterAssets, useClusterAssignments, useDeleteCluster } from './clusters-api';

/** /asset/cluster/:id: one cluster, who holds it, and its assets. */
export default function ClusterDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const cluster = useCluster(id);

  return (
    <DetailPageFrame
      backTo="/asset/cluster"
      backLabel={t('clusters.detail.back')}
      query={cluster}
      skeleton={
        <Stack gap="md">
          <Skeleton height={120} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      }
      notFoundTitle={t('clusters.detail.notFound')}
      notFoundHint={t('clusters.detail.notFoundHint')}
    >
      {(data) => <ClusterDetail cluster={data} />}
    </DetailPageFrame>
  );
}

function ClusterDetail({ cluster }: { cluster: Cluster }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteCluster();
  const [confirming, setConfirming] = useState(false);
  const assignments = useClusterAssignments(cluster._id);
  const wholeAssignment = assignments.data?.data.find((row) => row.target.type === 'cluster');
  const empty = cluster.assetCount === 0;

  const confirmDelete = () =>
    remove.mutate(cluster._id, {
      onSuccess: () => {
        notifySuccess(t('CLUSTER.DELETED'));
        navigate('/asset/cluster', { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        notifyError(error);
      },
    });

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {cluster.name}
            </Title>
            <Group gap="xs">
              <Badge variant="outline" color="gray" ff="monospace" tt="none">
                {cluster.clusterID}
              </Badge>
              <Badge variant="light" color={empty ? 'gray' : 'teal'}>
                {t('clusters.assetCount', { count: cluster.assetCount, number: formatNumber(cluster.assetCount) })}
              </Badge>
            </Group>
          </Stack>
          <Group gap="xs">
            {can('manageAsset') ? (
              <Button component={Link} to={`/asset/cluster/${cluster._id}/edit`} variant="default" leftSection={<IconPencil size={18} />}>
                {t('clusters.action.edit')}
              </Button>
            ) : null}
            <Button component={Link} to={`/asset/cluster/${cluster._id}/labels`} variant="default" leftSection={<IconPrinter size={18} />}>
              {t('clusters.detail.printLabels')}
            </Button>
            {can('manageAsset') && !wholeAssignment ? (
              <Button
                component={Link}
                to={`/asset/assign?assignCluster=${cluster._id}`}
                variant="light"
                leftSection={<IconUserShare size={18} />}
              >
                {t('clusters.detail.assign')}
              </Button>
            ) : null}
            {can('manageAsset') ? (
              <Tooltip label={t('clusters.delete.notEmptyHint')} disabled={empty} multiline w={260}>
                {/* A disabled button sends no mouse events: the wrapper carries the tooltip. */}
                <span>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={18} />}
                    disabled={!empty}
                    onClick={() => setConfirming(true)}
                  >
                    {t('clusters.action.delete')}
                  </Button>
                </span>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
      </Paper>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
            <Stack gap="xs">
              <Title order={3} size="h4" mb={4}>
                {t('clusters.detail.details')}
              </Title>
              <Detail label={t('clusters.field.clusterID')}>{cluster.clusterID}</Detail>
              <Detail label={t('clusters.field.name')}>{cluster.name}</Detail>
              <Detail label={t('clusters.field.state')}>{cluster.state?.state ?? '–'}</Detail>
              <Detail label={t('clusters.field.lga')}>{cluster.lga ?? '–'}</Detail>
              <Detail label={t('clusters.field.address')}>{cluster.address || '–'}</Detail>
              <Detail label={t('clusters.field.description')}>
                <span style={{ whiteSpace: 'pre-line' }}>{cluster.description || '–'}</span>
              </Detail>
              <Detail label={t('clusters.column.created')}>{formatDate(cluster.createdAt)}</Detail>
              <Detail label={t('clusters.detail.updated')}>{formatDate(cluster.updatedAt)}</Detail>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AssignmentCard cluster={cluster} assignments={assignments} />
        </Grid.Col>
      </Grid>

      <ClusterAssets cluster={cluster} />

      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
        loading={remove.isPending}
        title={t('clusters.delete.title')}
        message={t('clusters.delete.message', { name: cluster.name, code: cluster.clusterID })}
        confirmLabel={t('clusters.action.delete')}
        confirmColor="red"
      />
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={{ base: 105, sm: 130 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

function AssignmentCard({ cluster, assignments }: { cluster: Cluster; assignments: ReturnType<typeof useClusterAssignments> }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const rows = assignments.data?.data ?? [];
  const whole = rows.find((row) => row.target.type === 'cluster');
  const single = rows.filter((row) => row.target.type === 'asset');
  const manage = can('manageAsset') ? (
    <Anchor component={Link} to={`/asset/assign?clusterId=${cluster._id}`} size="sm">
      {t('clusters.assignment.manage')}
    </Anchor>
  ) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('clusters.assignment.title')}
        </Title>
        {assignments.isPending ? (
          <Skeleton height={60} />
        ) : assignments.isError ? (
          <Text size="sm" c="dimmed">
            {t('clusters.assignment.unavailable')}
          </Text>
        ) : (
          <>
            {whole ? (
              <Stack gap={4}>
                <Text size="sm">{t('clusters.assignment.assignedTo')}</Text>
                <Text fw={600}>{whole.provider.name}</Text>
                <Text size="xs" c="dimmed">
                  {t('clusters.assignment.since', { date: formatDate(whole.assignedAt) })}
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('clusters.assignment.none')}
              </Text>
            )}
            {single.length > 0 ? (
              <Stack gap={4}>
                <Text size="sm">{t('clusters.assignment.singleAssets', { count: single.length })}</Text>
                <List size="sm" spacing={2}>
                  {single.slice(0, 5).map((row) => (
                    <List.Item key={row._id}>
                      {t('clusters.assignment.assetTo', { asset: `${row.target.name} (${row.target.code})`, provider: row.provider.name })}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            ) : null}
            {rows.length > 0 ? manage : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ClusterAssets({ cluster }: { cluster: Cluster }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const list = useUrlListState({ pageSize: 10, sort: 'assetID', order: 'asc' });
  const assets = useClusterAssets(cluster._id, list.query);
  const rows = assets.data?.data ?? [];
  const empty =
    !assets.isPending && rows.length === 0 ? (
      <ListEmpty
        title={list.narrowed ? t('clusters.assets.noMatch') : t('clusters.assets.empty')}
        description={list.narrowed ? undefined : t('clusters.assets.emptyHint')}
        onReset={list.narrowed ? list.resetFilters : undefined}
      />
    ) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('clusters.assets.title')}
        </Title>
        <ListToolbar
          search={list.search}
          onSearchChange={list.setSearch}
          searchPlaceholder={t('clusters.assets.searchPlaceholder')}
          actions={
            can('createNewAsset') ? (
              <Button component={Link} to={`/asset/add?clusterId=${cluster._id}`} variant="light" leftSection={<IconPlus size={18} />}>
                {t('clusters.assets.add')}
              </Button>
            ) : null
          }
        />
        <ClusterAssetList query={assets} assets={rows} empty={empty} hrefOf={(asset) => `/asset/asset-list/${asset._id}`} />
        <ListPaginationFooter list={list} meta={assets.data?.meta} />
      </Stack>
    </Paper>
  );
}
