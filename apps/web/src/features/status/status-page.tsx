import type { Health, HealthComponent, HealthStatus } from '@amp/contracts/health';
import { Anchor, Box, Button, Container, Group, type MantineColor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconCircleX,
  IconDatabase,
  IconListCheck,
  IconLoader2,
  IconMail,
  IconPlugConnectedX,
  IconRefresh,
  IconServer,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { StatusBadge } from '../../components/status-badge';
import { addEnglish, i18n, useTranslation } from '../../lib/i18n';
import statusEnglish from '../../locales/en/status.json';
import { STATUS_REFRESH_MS, useHealth } from './status-api';

// This page's English comes with it rather than with every page's first script (lib/i18n.ts).
addEnglish(statusEnglish);

const LOOK: Record<HealthStatus, { color: MantineColor; icon: TablerIcon }> = {
  operational: { color: 'teal', icon: IconCircleCheck },
  degraded: { color: 'orange', icon: IconAlertTriangle },
  down: { color: 'red', icon: IconCircleX },
};

/** The parts in the contract's order (HEALTH_COMPONENTS, not imported: its module brings zod to this light page). */
const PARTS: readonly HealthComponent[] = ['api', 'database', 'jobs', 'mail'];

const COMPONENT_ICONS: Record<HealthComponent, TablerIcon> = {
  api: IconServer,
  database: IconDatabase,
  jobs: IconListCheck,
  mail: IconMail,
};

/** Date and time to the second: the page is read again every half minute. */
function formatCheckedAt(value: string): string {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(value));
}

/** The banner at the top: the overall state, or that it is being read, or that it could not be. */
function OverallBanner({ health, failed }: { health: Health | undefined; failed: boolean }) {
  const { t } = useTranslation();
  const [color, Icon, title, hint] = failed
    ? (['gray', IconPlugConnectedX, t('status.overall.error'), t('status.overall.errorHint')] as const)
    : health
      ? ([
          LOOK[health.status].color,
          LOOK[health.status].icon,
          t(`status.overall.${health.status}`),
          t(`status.overall.${health.status}Hint`),
        ] as const)
      : (['gray', IconLoader2, t('status.overall.loading'), ''] as const);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      role="status"
      aria-live="polite"
      data-status={failed ? 'error' : (health?.status ?? 'loading')}
      style={{ borderColor: `var(--mantine-color-${color}-4)`, background: `var(--mantine-color-${color}-0)` }}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon color={color} size={44} radius="xl" variant="filled" aria-hidden>
          <Icon size={26} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={700} fz="lg">
            {title}
          </Text>
          {hint ? <Text c="dark.5">{hint}</Text> : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/** One part: its name, what its state means in plain words, and the state. */
function ComponentRow({ part, status }: { part: HealthComponent; status: HealthStatus | undefined }) {
  const { t } = useTranslation();
  const Icon = COMPONENT_ICONS[part];
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py="md" px="lg" data-component={part}>
      <Group wrap="nowrap" gap="md" align="flex-start" style={{ minWidth: 0 }}>
        <ThemeIcon variant="light" color="gray" size={36} radius="md" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{t(`status.component.${part}`)}</Text>
          <Text size="sm" c="dimmed">
            {status ? t(`status.component.${part}.${status}`) : t(`status.component.${part}.about`)}
          </Text>
        </Stack>
      </Group>
      <StatusBadge color={status ? LOOK[status].color : 'gray'} label={t(`status.state.${status ?? 'unknown'}`)} size="lg" />
    </Group>
  );
}

/**
 * The public system status page (docs/product.md#system-status): the health of
 * the API, the database, the job queue and mail delivery, read from GET /v2/health and again every
 * 30 seconds. A light public page: no signed-in shell, no chart or table code.
 */
export default function StatusPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('status.title')} · AMP`);
  const health = useHealth();
  const failed = health.isError;
  // After a failed read the last answer is stale: its states are no longer shown as current.
  const shown = failed ? undefined : health.data;

  return (
    <Box bg="var(--mantine-color-gray-0)" style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" aria-label={t('common.home')} underline="never" c="inherit">
              <BrandLogo size={30} />
            </Anchor>
            <Anchor component={Link} to="/help" size="sm">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={16} aria-hidden />
                {t('status.backToHelp')}
              </Group>
            </Anchor>
          </Group>
        </Container>
      </Box>

      <Container component="main" size="md" py={{ base: 'lg', sm: 'xl' }} w="100%" style={{ flex: 1 }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {t('status.title')}
            </Title>
            <Text c="dimmed">{t('status.subtitle')}</Text>
          </Stack>

          <OverallBanner health={shown} failed={failed} />

          <Paper withBorder radius="md">
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('status.components')}>
              {PARTS.map((part, index) => (
                <Box component="li" key={part} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
                  <ComponentRow part={part} status={shown?.components[part]} />
                </Box>
              ))}
            </Stack>
          </Paper>

          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Text size="sm" data-testid="status-checked-at">
                {health.data
                  ? t(failed ? 'status.lastCheckedAt' : 'status.checkedAt', { time: formatCheckedAt(health.data.checkedAt) })
                  : t('status.notCheckedYet')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('status.autoRefresh', { seconds: STATUS_REFRESH_MS / 1000 })}
              </Text>
            </Stack>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={health.isFetching}
              onClick={() => health.refetch()}
            >
              {t('status.refresh')}
            </Button>
          </Group>

          <Paper withBorder radius="md" p="lg">
            <Stack gap="xs">
              <Text fw={600}>{t('status.help.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('status.help.text')}
              </Text>
              <Group gap="lg">
                <Anchor component={Link} to="/help/contact">
                  {t('status.help.contact')}
                </Anchor>
                <Anchor component={Link} to="/help">
                  {t('status.help.center')}
                </Anchor>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
