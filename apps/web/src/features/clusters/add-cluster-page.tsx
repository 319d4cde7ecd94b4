import { Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { CreateAssetMenu } from '../../components/create-asset-menu';
import { notifySuccess } from '../../components/data/server-errors';
import { useTranslation } from '../../lib/i18n';
import { ClusterForm, EMPTY_CLUSTER } from './cluster-form';
import { useCreateCluster } from './clusters-api';

/** /asset/cluster/add: a new cluster; its page opens once it is saved. */
export default function AddClusterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCluster();

  return (
    <Stack gap="md">
      <Group justify="flex-end" maw={880}>
        <CreateAssetMenu />
      </Group>
      <ClusterForm
        initial={EMPTY_CLUSTER}
        submitLabel={t('clusters.form.create')}
        submitIcon={<IconPlus size={18} />}
        pending={create.isPending}
        onCancel={() => navigate('/asset/cluster')}
        onSubmit={(input) =>
          create.mutateAsync(input).then((cluster) => {
            notifySuccess(t('CLUSTER.CREATED'));
            navigate(`/asset/cluster/${cluster._id}`);
          })
        }
      />
    </Stack>
  );
}
