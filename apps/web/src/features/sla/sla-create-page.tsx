import { Stack, Text } from '@mantine/core';
import { IconShieldPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../components/data/server-errors';
import { useTranslation } from '../../lib/i18n';
import { useCreateSla } from './sla-api';
import { SlaForm } from './sla-form';

/** /sla/manage/create: a new SLA with a provider over some of the owner's assets and clusters. */
export default function SlaCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSla();

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={980}>
        {t('sla.create.intro')}
      </Text>
      <SlaForm
        submitLabel={t('sla.create.submit')}
        submitIcon={<IconShieldPlus size={18} />}
        pending={create.isPending}
        cancelTo="/sla/manage"
        onSubmit={(input) =>
          create.mutateAsync(input).then((sla) => {
            notifySuccess(t('SLA.CREATED'));
            navigate(`/sla/manage/${sla._id}`);
          })
        }
      />
    </Stack>
  );
}
