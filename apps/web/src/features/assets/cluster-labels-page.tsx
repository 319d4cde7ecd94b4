import type { Asset } from '@amp/contracts/asset';
import { Anchor, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter, IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListEmpty, ListError } from '../../components/data/list-feedback';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useCluster } from '../../lib/queries/clusters';
import { LABELS_PER_PAGE, LabelSheet } from './asset-label';
import { assetKeys, fetchAllClusterAssets, usePublicConfig } from './assets-api';

/** /asset/cluster/:id/labels: the QR labels of every asset of a cluster, 24 to an A4 page. */
export default function ClusterLabelsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useAuth();
  const cluster = useCluster(id);
  const config = usePublicConfig();
  const [progress, setProgress] = useState({ loaded: 0, total: 0 });
  const assets = useQuery({
    queryKey: assetKeys.labels(id),
    queryFn: () => fetchAllClusterAssets(id, (loaded, total) => setProgress({ loaded, total })),
    enabled: cluster.isSuccess,
    staleTime: 0,
  });
  const number = new Intl.NumberFormat(i18n.language);
  // A decommissioned asset takes no fault reports (the portal leaves it out), so it gets no label.
  const labelled: Asset[] = (assets.data ?? []).filter((asset) => asset.status !== 'decommissioned');
  const leftOut = (assets.data?.length ?? 0) - labelled.length;
  const pageCount = Math.ceil(labelled.length / LABELS_PER_PAGE);
  const failed = cluster.error ?? assets.error ?? config.error;
  const ready = assets.data && config.data && user;

  return (
    <Stack gap="md">
      <Stack gap="sm" className="asset-labels-no-print">
        <Anchor component={Link} to={`/asset/cluster/${id}`} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {t('assets.label.backToCluster')}
          </Group>
        </Anchor>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" align="center" gap="md" wrap="wrap">
            <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {cluster.data ? t('assets.label.clusterTitle', { name: cluster.data.name }) : t('assets.label.clusterTitleLoading')}
              </Title>
              <Text size="sm" c="dimmed">
                {ready
                  ? t('assets.label.clusterSummary', { labels: number.format(labelled.length), pages: number.format(pageCount) })
                  : t('assets.label.hint')}
              </Text>
              {ready && leftOut > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('assets.label.decommissionedLeftOut', { number: number.format(leftOut) })}
                </Text>
              ) : null}
            </Stack>
            <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!ready || labelled.length === 0}>
              {t('assets.label.print')}
            </Button>
          </Group>
        </Paper>
      </Stack>

      {failed ? (
        failed instanceof ApiError && failed.status === 404 && cluster.isError ? (
          <Paper withBorder radius="md">
            <ListEmpty title={t('assets.label.clusterNotFound')} description={t('assets.label.clusterNotFoundHint')} />
          </Paper>
        ) : (
          <ListError
            error={failed}
            onRetry={() => (cluster.isError ? cluster.refetch() : assets.isError ? assets.refetch() : config.refetch())}
          />
        )
      ) : !ready ? (
        <Paper withBorder radius="md" p="lg" className="asset-labels-no-print">
          <Stack gap="xs">
            <Text size="sm">
              {progress.total > 0
                ? t('assets.label.loadingProgress', { loaded: number.format(progress.loaded), total: number.format(progress.total) })
                : t('assets.label.loading')}
            </Text>
            <Progress
              value={progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0}
              animated
              aria-label={t('assets.label.loading')}
            />
            <Skeleton height={150} radius="md" mt="sm" />
          </Stack>
        </Paper>
      ) : labelled.length === 0 ? (
        <Paper withBorder radius="md">
          <ListEmpty
            icon={<IconQrcode size={32} stroke={1.5} />}
            title={t('assets.label.noAssets')}
            description={t('assets.label.noAssetsHint')}
          />
        </Paper>
      ) : (
        <LabelSheet assets={labelled} target={{ publicUrl: config.data.publicUrl, ownerId: user.organisation._id }} />
      )}
    </Stack>
  );
}
