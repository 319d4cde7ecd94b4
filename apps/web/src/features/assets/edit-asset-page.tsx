import { Skeleton } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { notifySuccess } from '../../components/data/server-errors';
import { useTranslation } from '../../lib/i18n';
import { AssetForm, type AssetFormValues } from './asset-form';
import { type AssetDetail, useAsset, useEditAsset } from './assets-api';

/** /asset/asset-list/:id/edit: every field of the asset; saving returns to its page. */
export default function EditAssetPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const asset = useAsset(id);

  return (
    <DetailPageFrame
      backTo={`/asset/asset-list/${id}`}
      backLabel={t('assets.edit.back')}
      query={asset}
      skeleton={<Skeleton height={640} radius="md" maw={960} />}
      notFoundTitle={t('assets.detail.notFound')}
      notFoundHint={t('assets.detail.notFoundHint')}
    >
      {(data) => <EditAsset key={data.updatedAt} asset={data} />}
    </DetailPageFrame>
  );
}

function valuesOf(asset: AssetDetail): AssetFormValues {
  return {
    assetID: asset.assetID,
    name: asset.name,
    clusterId: asset.cluster?._id ?? null,
    locationID: asset.locationID ?? '',
    locationName: asset.locationName ?? '',
    categoryId: asset.category._id,
    subCategoryId: asset.subCategory?._id ?? null,
    brand: asset.brand ?? '',
    model: asset.model ?? '',
    serialNumber: asset.serialNumber ?? '',
    installationDate: asset.installationDate ?? '',
    warrantyExpiry: asset.warrantyExpiry ?? '',
    status: asset.status === 'decommissioned' ? '' : asset.status,
    purchaseCost: asset.purchaseCost ?? '',
    description: asset.description ?? '',
  };
}

function EditAsset({ asset }: { asset: AssetDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edit = useEditAsset(asset._id);
  const detailPath = `/asset/asset-list/${asset._id}`;

  return (
    <AssetForm
      mode="edit"
      initial={valuesOf(asset)}
      initialFiles={{ photos: asset.photos, documents: asset.documents }}
      initialCluster={asset.cluster}
      decommissioned={asset.status === 'decommissioned'}
      cancelTo={detailPath}
      submitting={edit.isPending}
      onSubmit={(input) =>
        edit.mutateAsync(input).then(() => {
          notifySuccess(t('ASSET.UPDATED'));
          navigate(detailPath);
        })
      }
    />
  );
}
