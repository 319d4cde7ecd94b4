import type { FaultReported } from '@amp/contracts/fault';
import { faultOperations } from '@amp/contracts/operations/fault';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { CodeText } from '../../components/code-text';
import { callPath } from '../../lib/api-call';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { keepLocalPhoto } from '../../offline/outbox/local-photos';
import { activeOutbox } from '../../offline/outbox/outbox';
import { sendOrQueue } from '../../offline/outbox/send-or-queue';
import { EMPTY_FAULT, FaultForm, type FaultFormValues } from './fault-form';

/**
 * /asset/report-fault, the Fault Portal in the shell (manageAssetFault): the fault form on the
 * assets the user may report on (owned or served), sent at once as their report, or kept on the
 * device and sent when the signal returns.
 */
export default function StaffFaultPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const initial = useMemo<FaultFormValues>(
    () => ({
      ...EMPTY_FAULT,
      email: user?.email ?? '',
      fullName: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      phoneNumber: user?.telephone ?? '',
    }),
    [user],
  );

  return (
    <Stack gap="md" maw={960}>
      <Text c="dimmed" size="sm">
        {t('faultPortal.staff.intro')}
      </Text>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <FaultForm
          source={{ kind: 'reportable' }}
          mode="report"
          initial={initial}
          uploadTo="signed-in"
          submitLabel={t('faultPortal.form.submit')}
          // Without a signal the report waits on the device with its photo (src/offline/outbox).
          keepImageOffline={(file) => (activeOutbox() && !navigator.onLine ? keepLocalPhoto(file) : null)}
          onSubmit={async (body, { labels }) => {
            const sent = await sendOrQueue<FaultReported>({
              kind: 'fault.report',
              description: { asset: labels.asset ?? '' },
              method: 'POST',
              path: callPath(faultOperations.report),
              body,
            });
            return sent.queued ? { queued: true } : { reported: sent.data };
          }}
          successDetails={(reported) => (
            <>
              <span>
                {t('faultPortal.success.code')} <CodeText fw={700}>{reported.code}</CodeText>
              </span>
              <Anchor component={Link} to={`/asset/reported-faults/${reported._id}`} fw={600}>
                {t('faultPortal.success.openFault')}
              </Anchor>
            </>
          )}
        />
      </Paper>
    </Stack>
  );
}
