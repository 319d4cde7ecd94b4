import type { FaultDetail } from '@amp/contracts/fault';
import { Alert, Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorText } from '../../components/api-error';
import { notifySuccess } from '../../components/data/server-errors';
import { useTranslation } from '../../lib/i18n';
import { faultQueryKeys, useFault } from '../../lib/queries/faults';
import { FaultForm, type FaultFormValues } from './fault-form';
import { FaultFormSkeleton } from './fault-form-skeleton';
import { editFault, type FaultFormAsset } from './fault-portal-api';

/** The form's values from the fault as it was reported (its first report is the reporter's). */
function valuesOf(fault: FaultDetail): FaultFormValues {
  const first = fault.reports[0];
  return {
    cluster: fault.cluster?._id ?? '',
    locationID: fault.locationID ?? '',
    asset: fault.asset._id,
    state: fault.state,
    lga: fault.lga ?? '',
    faultType: fault.faultType,
    description: fault.description,
    email: first?.email ?? '',
    fullName: first?.name ?? fault.reporterName,
    phoneNumber: first?.phoneNumber ?? '',
    document: [],
  };
}

function assetOf(fault: FaultDetail): FaultFormAsset {
  return {
    ...fault.asset,
    locationID: fault.locationID,
    locationName: fault.locationName,
    cluster: fault.cluster,
    state: fault.state,
    lga: fault.lga,
    owner: fault.owner,
    openFaults: 0,
  };
}

/**
 * /asset/report-fault/edit/:id: the reporter corrects a returned fault (the provider's reason is
 * shown) and sends it again (POST /v2/fault/edit/:id); then its detail page opens.
 */
export default function EditFaultPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fault = useFault(id);
  const initial = useMemo(() => (fault.data ? valuesOf(fault.data) : null), [fault.data]);
  const initialAsset = useMemo(() => (fault.data ? assetOf(fault.data) : null), [fault.data]);
  const detailPath = `/asset/reported-faults/${id}`;

  if (fault.isError) {
    return (
      <Alert color="red" role="alert" maw={960}>
        {apiErrorText(fault.error)}
      </Alert>
    );
  }
  if (!fault.data || !initial) {
    return (
      <Stack gap="md" maw={960}>
        <Skeleton h={60} />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <FaultFormSkeleton />
        </Paper>
      </Stack>
    );
  }

  const returned = fault.data.status === 'returned';
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={detailPath} size="sm">
        {t('faultPortal.edit.backToFault', { code: fault.data.code })}
      </Anchor>
      {!returned ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} role="status">
          {t('faultPortal.edit.notReturned')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <FaultForm
            source={{ kind: 'reportable' }}
            mode="edit"
            initial={initial}
            initialAsset={initialAsset}
            initialImage={fault.data.image}
            uploadTo="signed-in"
            submitLabel={t('faultPortal.edit.submit')}
            onSubmit={async (body) => {
              const { website: _honeypot, ...correction } = body;
              await editFault(id, correction);
              // The detail, the lists and the counts all show the fault's new status.
              await queryClient.invalidateQueries({ queryKey: faultQueryKeys.all });
              notifySuccess(t('FAULT.RESUBMITTED'));
              navigate(detailPath);
              return null;
            }}
          >
            {fault.data.reason ? (
              <Alert color="orange" icon={<IconArrowBackUp size={18} />} title={t('faultPortal.edit.returnedWith')}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {fault.data.reason}
                </Text>
              </Alert>
            ) : null}
          </FaultForm>
        </Paper>
      )}
    </Stack>
  );
}
