import type { FaultReported } from '@amp/contracts/fault';
import { Alert, Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconClipboardList, IconMessageReport, IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CodeText } from '../../components/code-text';
import { AuthedImage } from '../../components/files/authed-image';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { clearDraft } from './fault-draft';
import { reportFault } from './fault-portal-api';
import { clearPreparedFault, readPreparedFault } from './prepared-fault';

type Outcome = { status: 'idle' | 'loading' | 'error' } | { status: 'success'; reported: FaultReported };

/**
 * /service-request/fault: the fault a signed-in user prepared on an owner's portal (docs/product.md#fault-portal,
 * "Next"), shown for review and sent as their own report; the owner's side may instead send it on
 * at once as a service request (the report, then the request form with the fault).
 */
export default function FaultReviewPage() {
  const { t } = useTranslation();
  const [prepared] = useState(readPreparedFault);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  const { can } = useAuth();
  const navigate = useNavigate();
  // The owner's side may send the fault on at once as a service request (its own report, then the request form).
  const sends = can('viewSR') && can('viewOutgoingSR');

  if (outcome.status === 'success') {
    const { reported } = outcome;
    return (
      <Stack gap="md" maw={760}>
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          <Stack gap={6}>
            <span>{t('FAULT.SUCCESS')}</span>
            {reported.duplicate ? <span>{t('FAULT.DUPLICATE')}</span> : null}
            <span>
              {t('faultPortal.success.code')} <CodeText fw={700}>{reported.code}</CodeText>
            </span>
            <Anchor component={Link} to={`/asset/reported-faults/${reported._id}`} fw={600}>
              {t('faultPortal.success.openFault')}
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  if (!prepared) {
    return (
      <Paper withBorder radius="md" p="xl" maw={760}>
        <Stack align="center" gap="sm" ta="center">
          <IconMessageReport size={40} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          <Title order={2} size="h4">
            {t('faultPortal.review.emptyTitle')}
          </Title>
          <Text c="dimmed">{t('faultPortal.review.emptyHint')}</Text>
          <Button component={Link} to="/asset/report-fault" variant="light">
            {t('faultPortal.review.openPortal')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const { body, labels, image } = prepared;
  const portalPath = `/report/fault/${prepared.ownerId}`;
  const submit = async (then: 'show' | 'sendAsRequest') => {
    setOutcome({ status: 'loading' });
    try {
      const reported = await reportFault(body);
      clearPreparedFault();
      // The portal kept the form as a draft until it was sent.
      clearDraft(prepared.ownerId);
      if (then === 'sendAsRequest') {
        navigate(`/service-request/new?fault=${reported._id}`);
        return;
      }
      setOutcome({ status: 'success', reported });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch {
      setOutcome({ status: 'error' });
    }
  };
  const loading = outcome.status === 'loading';

  return (
    <Stack gap="md" maw={760}>
      <Text c="dimmed" size="sm">
        {t('faultPortal.review.intro', { owner: prepared.ownerName })}
      </Text>
      {outcome.status === 'error' ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('faultPortal.form.dismiss')}
          onClose={() => setOutcome({ status: 'idle' })}
        >
          {t('ERROR.GENERIC')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Stack gap="sm" component="section">
            <Title order={2} size="h4">
              {t('faultPortal.form.faultInformation')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <Item label={t('faultPortal.review.owner')}>{prepared.ownerName}</Item>
              <Item label={t('faultPortal.field.cluster')}>{labels.cluster}</Item>
              <Item label={t('faultPortal.field.location')}>{labels.location}</Item>
              <Item label={t('faultPortal.field.asset')}>{labels.asset}</Item>
              <Item label={t('faultPortal.field.state')}>{body.state?.state ?? body.state?.alias}</Item>
              <Item label={t('faultPortal.field.lga')}>{body.lga}</Item>
              <Item label={t('faultPortal.field.faultType')}>{t(`faultPortal.faultType.${body.faultType}`)}</Item>
            </SimpleGrid>
            <Item label={t('faultPortal.field.description')}>
              <Text component="span" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {body.description}
              </Text>
            </Item>
            <Item label={t('faultPortal.field.image')}>
              {image ? (
                <Box w={160} h={160}>
                  <AuthedImage
                    src={image.thumbnailUrl ?? image.url}
                    alt={t('faultPortal.image.preview')}
                    w={160}
                    h={160}
                    fit="cover"
                    radius="sm"
                    loadingHeight={160}
                  />
                </Box>
              ) : null}
            </Item>
          </Stack>
          <Stack gap="sm" component="section">
            <Title order={2} size="h4">
              {t('faultPortal.form.userInformation')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <Item label={t('faultPortal.field.email')}>{body.email}</Item>
              <Item label={t('faultPortal.field.fullName')}>{body.fullName}</Item>
              <Item label={t('faultPortal.field.phoneNumber')}>{body.phoneNumber}</Item>
            </SimpleGrid>
          </Stack>
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => window.location.assign(portalPath)}
              disabled={loading}
            >
              {t('faultPortal.review.back')}
            </Button>
            <Group gap="sm">
              {sends ? (
                <Button
                  variant="light"
                  leftSection={<IconClipboardList size={16} />}
                  onClick={() => submit('sendAsRequest')}
                  loading={loading}
                >
                  {t('faultPortal.review.sendAsRequest')}
                </Button>
              ) : null}
              <Button leftSection={<IconSend size={16} />} onClick={() => submit('show')} loading={loading}>
                {t('faultPortal.form.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children ? (
        <Text size="sm" component="div">
          {children}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
    </Stack>
  );
}
