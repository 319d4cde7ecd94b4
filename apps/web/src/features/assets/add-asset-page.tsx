import { Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CreateAssetMenu } from '../../components/create-asset-menu';
import { notifySuccess } from '../../components/data/server-errors';
import { useTranslation } from '../../lib/i18n';
import { AssetForm, EMPTY_ASSET } from './asset-form';
import { useCreateAsset } from './assets-api';

/** /asset/add: a new asset; on success its detail page opens. */
export default function AddAssetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateAsset();

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text c="dimmed" size="sm" style={{ flex: '1 1 320px' }}>
          {t('assets.add.intro')}
        </Text>
        <CreateAssetMenu />
      </Group>
      <AssetForm
        mode="create"
        initial={EMPTY_ASSET}
        cancelTo="/asset/asset-list"
        submitting={create.isPending}
        onSubmit={(input) =>
          create.mutateAsync(input).then((asset) => {
            notifySuccess(t('ASSET.CREATED'));
            navigate(`/asset/asset-list/${asset._id}`);
          })
        }
      />
    </Stack>
  );
}
