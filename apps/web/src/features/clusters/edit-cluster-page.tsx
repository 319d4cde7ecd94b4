import { Skeleton } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { notifySuccess } from '../../components/data/server-errors';
import { useTranslation } from '../../lib/i18n';
import { useCluster } from '../../lib/queries/clusters';
import { ClusterForm } from './cluster-form';
import { type Cluster, useEditCluster } from './clusters-api';

/** /asset/cluster/:id/edit: change a cluster's code, name, location or description. */
export default function EditClusterPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const cluster = useCluster(id);

  return (
    <DetailPageFrame
      backTo={`/asset/cluster/${id}`}
      backLabel={t('clusters.edit.back')}
      query={cluster}
      skeleton={<Skeleton height={420} radius="md" maw={880} />}
      notFoundTitle={t('clusters.detail.notFound')}
      notFoundHint={t('clusters.detail.notFoundHint')}
    >
      {(data) => <EditCluster cluster={data} />}
    </DetailPageFrame>
  );
}

function EditCluster({ cluster }: { cluster: Cluster }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edit = useEditCluster(cluster._id);
  const detail = `/asset/cluster/${cluster._id}`;

  return (
    <ClusterForm
      editing
      initial={{
        clusterID: cluster.clusterID,
        name: cluster.name,
        state: cluster.state?.alias ?? '',
        lga: cluster.lga ?? '',
        address: cluster.address ?? '',
        description: cluster.description ?? '',
      }}
      submitLabel={t('data.save')}
      submitIcon={<IconDeviceFloppy size={18} />}
      pending={edit.isPending}
      onCancel={() => navigate(detail)}
      onSubmit={(input) =>
        edit.mutateAsync(input).then(() => {
          notifySuccess(t('CLUSTER.UPDATED'));
          navigate(detail);
        })
      }
    />
  );
}
