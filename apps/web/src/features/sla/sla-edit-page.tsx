import { Skeleton } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { notifySuccess } from '../../components/data/server-errors';
import { useTranslation } from '../../lib/i18n';
import { type Sla, useSla, useUpdateSla } from './sla-api';
import { SlaForm } from './sla-form';

/** /sla/manage/:id/edit: the SLA's fields, its targets and its supporting file, changed in one save. */
export default function SlaEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const sla = useSla(id);

  return (
    <DetailPageFrame
      backTo={`/sla/manage/${id}`}
      backLabel={t('sla.edit.back')}
      query={sla}
      skeleton={<Skeleton height={640} radius="md" maw={980} />}
      notFoundTitle={t('sla.detail.notFound')}
      notFoundHint={t('sla.detail.notFoundHint')}
    >
      {(data) => <EditForm sla={data} />}
    </DetailPageFrame>
  );
}

function EditForm({ sla }: { sla: Sla }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateSla(sla._id);
  return (
    <SlaForm
      sla={sla}
      submitLabel={t('data.save')}
      submitIcon={<IconDeviceFloppy size={18} />}
      pending={update.isPending}
      cancelTo={`/sla/manage/${sla._id}`}
      onSubmit={(input) =>
        update.mutateAsync(input).then(() => {
          notifySuccess(t('SLA.UPDATED'));
          navigate(`/sla/manage/${sla._id}`);
        })
      }
    />
  );
}
