import { FAULT_CODE_PATTERN } from '@amp/contracts/fault-code';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Timeline, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CodeText } from '../../components/code-text';
import { formatDateTime } from '../../components/data/format';
import { FAULT_STATUS_COLORS } from '../../components/fault-status-badge';
import { StatusBadge } from '../../components/status-badge';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import './fault-portal-english';
import { useFaultTrack } from './fault-portal-api';
import { PortalLayout } from './portal-layout';
import { goTo } from './portal-location';

/**
 * /report/fault/track/:code (public): what became of a reported fault, its status and public
 * history (never who at the owner did what), and a form to look up another code.
 */
export default function FaultTrackPage({ code: pathCode }: { code: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('faultPortal.track.title')} · AMP`);
  const code = pathCode ? pathCode.trim().toUpperCase() : null;
  const wellFormed = code !== null && FAULT_CODE_PATTERN.test(code);
  const track = useFaultTrack(wellFormed ? code : null);
  const [typed, setTyped] = useState(code ?? '');
  const [typedError, setTypedError] = useState<string | null>(null);
  const notFound = (code !== null && !wellFormed) || (track.error instanceof ApiError && track.error.status === 404);

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim().toUpperCase();
    if (!FAULT_CODE_PATTERN.test(next)) return setTypedError(t('AUTH.VALIDATION.INVALID_FIELD'));
    setTypedError(null);
    goTo(`/report/fault/track/${next}`);
  };

  const fault = track.data;
  // A converted fault follows the work raised from it: once that is done, it was fixed.
  const fixed = fault?.history.some((step) => step.event === 'work_done') ?? false;
  return (
    <PortalLayout guidance="track">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('faultPortal.track.title')}
        </Title>

        <form onSubmit={lookUp} noValidate>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={t('faultPortal.track.codeLabel')}
              placeholder="FLT-XXXXXXXX"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={typedError}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Button type="submit" mt={25} leftSection={<IconSearch size={16} />}>
              {t('faultPortal.track.show')}
            </Button>
          </Group>
        </form>

        {notFound ? (
          <Alert color="orange" role="status" title={t('faultPortal.track.notFoundTitle')}>
            {t('faultPortal.track.notFound')}
          </Alert>
        ) : track.isError ? (
          <Alert color="red" role="alert">
            {t('ERROR.GENERIC')}
          </Alert>
        ) : wellFormed && track.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton h={28} w="50%" />
            <Skeleton h={120} />
          </Stack>
        ) : fault ? (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="lg">
              <Group justify="space-between" gap="sm">
                <CodeText fz="lg" fw={700}>
                  {fault.code}
                </CodeText>
                {fixed ? (
                  <StatusBadge size="lg" color="teal" label={t('faultPortal.status.fixed')} />
                ) : (
                  <StatusBadge size="lg" color={FAULT_STATUS_COLORS[fault.status]} label={t(`faultPortal.status.${fault.status}`)} />
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
                <Detail label={t('faultPortal.field.faultType')}>{t(`faultPortal.faultType.${fault.faultType}`)}</Detail>
                <Detail label={t('faultPortal.field.asset')}>
                  {fault.asset.name} <CodeText c="dimmed">({fault.asset.assetID})</CodeText>
                </Detail>
                <Detail label={t('faultPortal.track.owner')}>{fault.owner}</Detail>
                <Detail label={t('faultPortal.track.reportedAt')}>{formatDateTime(fault.reportedAt, fault.timeZone)}</Detail>
              </SimpleGrid>
              <Stack gap="sm">
                <Title order={2} size="h5">
                  {t('faultPortal.track.history')}
                </Title>
                <Timeline active={fault.history.length - 1} bulletSize={14} lineWidth={2}>
                  {fault.history.map((step) => (
                    <Timeline.Item key={`${step.event}-${step.at}`} title={t(`faultPortal.event.${step.event}`)}>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(step.at, fault.timeZone)}
                      </Text>
                      {step.reason ? (
                        <Text size="sm" mt={4}>
                          {t('faultPortal.track.reason', { reason: step.reason })}
                        </Text>
                      ) : null}
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Stack>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </PortalLayout>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}
