import { ASSET_WORKFLOW } from '@amp/contracts/asset.workflow';
import { allowedActions } from '@amp/contracts/workflow';
import { Anchor, Button, Code, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { IconArchive, IconHistory, IconPencil, IconQrcode } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { logQuietly } from '../../components/api-error';
import { AssetFaultsCard } from '../../components/asset-faults-card';
import { AssetStatusBadge } from '../../components/asset-status-badge';
import { CodeText } from '../../components/code-text';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDate, formatDateTime, formatNaira } from '../../components/data/format';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { FileGallery } from '../../components/files/file-gallery';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { type AssetDetail, useAsset, useAssetHistory, useAssetSlas, useDecommissionAsset } from './assets-api';

/** /asset/asset-list/:id: one asset's fields, files, assignment, SLAs and history. */
export default function AssetDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const asset = useAsset(id);

  return (
    <DetailPageFrame
      backTo="/asset/asset-list"
      backLabel={t('assets.detail.back')}
      query={asset}
      skeleton={
        <Stack gap="md">
          <Skeleton height={96} radius="md" />
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Skeleton height={360} radius="md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Skeleton height={360} radius="md" />
            </Grid.Col>
          </Grid>
        </Stack>
      }
      notFoundTitle={t('assets.detail.notFound')}
      notFoundHint={t('assets.detail.notFoundHint')}
    >
      {(data) => <AssetDetailView asset={data} />}
    </DetailPageFrame>
  );
}

function AssetDetailView({ asset }: { asset: AssetDetail }) {
  const { t } = useTranslation();
  const { can, user } = useAuth();
  const [decommissioning, setDecommissioning] = useState(false);
  // The asset's actions come from its workflow table, as the API's checks do.
  const actions = allowedActions(ASSET_WORKFLOW, asset.status, user?.ao ? 'owner' : [], user?.userRole.permission ?? []);

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {asset.name}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Code fz="sm">{asset.assetID}</Code>
              <AssetStatusBadge status={asset.status} />
            </Group>
            {asset.locationName || asset.locationID ? (
              <Text size="sm" c="dimmed">
                {asset.locationName}
                {asset.locationName && asset.locationID ? ' · ' : null}
                {asset.locationID ? <CodeText c="dimmed">{asset.locationID}</CodeText> : null}
              </Text>
            ) : null}
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Button variant="default" component={Link} to={`/asset/asset-list/${asset._id}/label`} leftSection={<IconQrcode size={18} />}>
              {t('assets.detail.printLabel')}
            </Button>
            {can('manageAsset') ? (
              <>
                <Button variant="light" component={Link} to={`/asset/asset-list/${asset._id}/edit`} leftSection={<IconPencil size={18} />}>
                  {t('assets.action.edit')}
                </Button>
                {actions.includes('decommission') ? (
                  <Button variant="light" color="red" leftSection={<IconArchive size={18} />} onClick={() => setDecommissioning(true)}>
                    {t('assets.detail.decommission')}
                  </Button>
                ) : null}
              </>
            ) : null}
          </Group>
        </Group>
      </Paper>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
            <Stack gap="md">
              <Title order={3} size="h4">
                {t('assets.detail.details')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
                <Fact label={t('assets.field.cluster')}>
                  {asset.cluster ? `${asset.cluster.name} (${asset.cluster.clusterID})` : t('assets.detail.noCluster')}
                </Fact>
                <Fact label={t('assets.field.category')}>{[asset.category.name, asset.subCategory?.name].filter(Boolean).join(' / ')}</Fact>
                <Fact label={t('assets.field.locationID')}>{asset.locationID ? <CodeText>{asset.locationID}</CodeText> : null}</Fact>
                <Fact label={t('assets.field.locationName')}>{asset.locationName}</Fact>
                <Fact label={t('assets.field.brand')}>{asset.brand}</Fact>
                <Fact label={t('assets.field.model')}>{asset.model}</Fact>
                <Fact label={t('assets.field.serialNumber')}>{asset.serialNumber}</Fact>
                <Fact label={t('assets.field.purchaseCost')}>{asset.purchaseCost ? formatNaira(asset.purchaseCost) : null}</Fact>
                <Fact label={t('assets.field.installationDate')}>{asset.installationDate ? formatDate(asset.installationDate) : null}</Fact>
                <Fact label={t('assets.field.warrantyExpiry')}>{asset.warrantyExpiry ? formatDate(asset.warrantyExpiry) : null}</Fact>
                <Fact label={t('assets.column.created')}>{formatDateTime(asset.createdAt)}</Fact>
                <Fact label={t('assets.detail.updated')}>{formatDateTime(asset.updatedAt)}</Fact>
              </SimpleGrid>
              <Fact label={t('assets.field.description')}>
                {asset.description ? <span style={{ whiteSpace: 'pre-wrap' }}>{asset.description}</span> : null}
              </Fact>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" h="100%">
            <AssignmentCard asset={asset} />
            {/* The SLAs are read with manageAsset (GET /v2/sla); without it the card would only ever say "no SLA". */}
            {can('manageAsset') ? <SlaCard assetId={asset._id} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>

      <AssetFaultsCard assetId={asset._id} />
      <FilesCard asset={asset} />
      <HistoryCard assetId={asset._id} />
      <DecommissionConfirm asset={asset} opened={decommissioning} onClose={() => setDecommissioning(false)} />
    </>
  );
}

/** One labelled value; an empty one shows a dash. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.3 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '–' : children}
      </Text>
    </Stack>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function AssignmentCard({ asset }: { asset: AssetDetail }) {
  const { t } = useTranslation();
  const assignment = asset.assignment;
  return (
    <Card title={t('assets.detail.assignment')}>
      {assignment ? (
        <Stack gap={4}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {assignment.provider.name}
          </Text>
          <Text size="sm" c="dimmed">
            {assignment.via === 'cluster' && asset.cluster
              ? t('assets.detail.assignedViaCluster', { cluster: asset.cluster.name })
              : t('assets.detail.assignedDirectly')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('assets.detail.assignedSince', { date: formatDate(assignment.since) })}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('assets.detail.notAssigned')}
        </Text>
      )}
    </Card>
  );
}

function SlaCard({ assetId }: { assetId: string }) {
  const { t } = useTranslation();
  const slas = useAssetSlas(assetId);
  // No SLA found (or none readable): the card simply says there is none.
  const missing = slas.error instanceof ApiError && (slas.error.status === 404 || slas.error.status === 403);
  useEffect(() => {
    if (slas.error && !missing) logQuietly('Loading the SLAs of the asset', slas.error);
  }, [slas.error, missing]);
  const items = slas.data?.data ?? [];

  return (
    <Card title={t('assets.detail.sla')}>
      {slas.isPending ? (
        <Skeleton height={48} />
      ) : slas.isError && !missing ? (
        <Text size="sm" c="dimmed">
          {t('assets.detail.slaUnavailable')}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assets.detail.noSla')}
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((sla) => (
            <Stack key={sla._id} gap={2}>
              <Anchor component={Link} to={`/sla/manage/${sla._id}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {sla.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {sla.provider.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t('assets.detail.slaTargets', { response: sla.responseHours, resolution: sla.resolutionHours })}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function FilesCard({ asset }: { asset: AssetDetail }) {
  const { t } = useTranslation();
  const photos = asset.photos;
  const documents = asset.documents;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('assets.field.photos')}
          </Title>
          {photos.length > 0 ? (
            <FileGallery files={photos} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('assets.detail.noPhotos')}
            </Text>
          )}
        </Stack>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('assets.field.documents')}
          </Title>
          {documents.length > 0 ? (
            <FileGallery files={documents} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('assets.detail.noDocuments')}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function HistoryCard({ assetId }: { assetId: string }) {
  const { t } = useTranslation();
  const history = useAssetHistory(assetId);
  const items = history.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Card title={t('assets.detail.history')}>
      {history.isPending ? (
        <Stack gap="sm">
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : history.isError ? (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('assets.detail.historyUnavailable')}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => history.refetch()}>
            {t('data.retry')}
          </Button>
        </Group>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assets.detail.historyEmpty')}
        </Text>
      ) : (
        <>
          <Timeline bulletSize={22} lineWidth={2}>
            {items.map((entry) => (
              <Timeline.Item key={entry._id} bullet={<IconHistory size={12} />}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.description}
                </Text>
                <Text size="xs" c="dimmed" mt={2}>
                  {[entry.user?.name, formatDateTime(entry.createdAt)].filter(Boolean).join(' · ')}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {history.hasNextPage ? (
            <Button variant="subtle" w="fit-content" onClick={() => history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('assets.detail.historyMore')}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}

function DecommissionConfirm({ asset, opened, onClose }: { asset: AssetDetail; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const decommission = useDecommissionAsset(asset._id);
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <ConfirmModal
      opened={opened}
      onClose={close}
      title={t('assets.decommission.title')}
      message={t('assets.decommission.message', { name: asset.name, assetID: asset.assetID })}
      confirmLabel={t('assets.detail.decommission')}
      confirmColor="red"
      loading={decommission.isPending}
      onConfirm={() =>
        decommission.mutate(
          { reason: reason.trim() || undefined },
          {
            onSuccess: () => {
              notifySuccess(t('ASSET.DECOMMISSIONED'));
              close();
            },
            onError: (error) => notifyError(error),
          },
        )
      }
    >
      <Textarea
        label={t('assets.decommission.reason')}
        description={t('assets.decommission.reasonHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </ConfirmModal>
  );
}
