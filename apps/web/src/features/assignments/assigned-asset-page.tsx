import { Badge, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDate } from '../../components/data/format';
import { AssetStatusBadge, Detail, useAssignedBase } from './assignment-parts';
import { type AssignedAssetDetails, useAssignedAsset } from './assignments-api';
import { TechniciansPanel } from './technicians-panel';

/** /asset/assigned/asset/:id: an asset the organisation (or the technician) holds, with its technicians. */
export default function AssignedAssetPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const asset = useAssignedAsset(id);
  const { base, backLabel } = useAssignedBase();

  return (
    <DetailPageFrame
      backTo={base}
      backLabel={backLabel}
      query={asset}
      skeleton={
        <Stack gap="md">
          <Skeleton height={110} radius="md" />
          <Skeleton height={280} radius="md" />
        </Stack>
      }
      notFoundTitle={t('assignments.detail.assetNotFound')}
      notFoundHint={t('assignments.detail.notFoundHint')}
    >
      {(data) => <AssignedAsset asset={data} />}
    </DetailPageFrame>
  );
}

function AssignedAsset({ asset }: { asset: AssignedAssetDetails }) {
  const { t } = useTranslation();
  const dash = (value: string | null | undefined) => value || '–';
  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap={6}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {asset.name}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color="gray" ff="monospace" tt="none">
              {asset.assetID}
            </Badge>
            <AssetStatusBadge status={asset.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('assignments.assigned.fromOwner', { owner: asset.owner.name })}
          </Text>
        </Stack>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
            <Stack gap="xs">
              <Title order={3} size="h4" mb={4}>
                {t('assignments.detail.details')}
              </Title>
              <Detail label={t('assignments.field.cluster')}>
                {asset.cluster ? `${asset.cluster.name} (${asset.cluster.clusterID})` : '–'}
              </Detail>
              <Detail label={t('assignments.field.location')}>
                {[asset.locationID, asset.locationName].filter(Boolean).join(' · ') || '–'}
              </Detail>
              <Detail label={t('assignments.field.category')}>
                {[asset.category?.name, asset.subCategory?.name].filter(Boolean).join(' › ') || '–'}
              </Detail>
              <Detail label={t('assignments.field.brand')}>{dash(asset.brand)}</Detail>
              <Detail label={t('assignments.field.model')}>{dash(asset.model)}</Detail>
              <Detail label={t('assignments.field.serialNumber')}>{dash(asset.serialNumber)}</Detail>
              <Detail label={t('assignments.field.installationDate')}>{formatDate(asset.installationDate)}</Detail>
              <Detail label={t('assignments.field.warrantyExpiry')}>{formatDate(asset.warrantyExpiry)}</Detail>
              <Detail label={t('assignments.field.description')}>
                <span style={{ whiteSpace: 'pre-line' }}>{dash(asset.description)}</span>
              </Detail>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TechniciansPanel kind="asset" id={asset._id} technicians={asset.technicians} />
        </Grid.Col>
      </Grid>
    </>
  );
}
