import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { AssetFaultsCard } from '../../components/asset-faults-card';
import { AssetStatusBadge } from '../../components/asset-status-badge';
import { formatDate } from '../../components/data/format';
import { useTranslation } from '../../lib/i18n';
import { OfflineNote } from '../../offline/cache/offline-note';
import { AssignedDetails, AssignedHeader, AssignedPageFrame } from './assigned-page-parts';
import { Detail } from './assignment-parts';
import { type AssignedAssetDetails, useAssignedAsset } from './assignments-api';

/** /asset/assigned/asset/:id: an asset the organisation (or the technician) holds, with its technicians. */
export default function AssignedAssetPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const asset = useAssignedAsset(id);
  return (
    <Stack gap="sm">
      <OfflineNote query={asset} />
      <AssignedPageFrame query={asset} notFoundTitle={t('assignments.detail.assetNotFound')}>
        {(data) => <AssignedAsset asset={data} />}
      </AssignedPageFrame>
    </Stack>
  );
}

function AssignedAsset({ asset }: { asset: AssignedAssetDetails }) {
  const { t } = useTranslation();
  const dash = (value: string | null | undefined) => value || '–';
  return (
    <>
      <AssignedHeader name={asset.name} code={asset.assetID} badge={<AssetStatusBadge status={asset.status} />} owner={asset.owner.name} />
      <AssignedDetails kind="asset" id={asset._id} technicians={asset.technicians}>
        <Detail label={t('assignments.field.cluster')}>{asset.cluster ? `${asset.cluster.name} (${asset.cluster.clusterID})` : '–'}</Detail>
        <Detail label={t('assignments.field.location')}>{[asset.locationID, asset.locationName].filter(Boolean).join(' · ') || '–'}</Detail>
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
      </AssignedDetails>
      <AssetFaultsCard assetId={asset._id} />
    </>
  );
}
