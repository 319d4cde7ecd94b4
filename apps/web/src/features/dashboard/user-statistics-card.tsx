import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertOctagon,
  IconBuildingFactory2,
  IconHourglassHigh,
  IconMailExclamation,
  IconTool,
  IconTruckDelivery,
  IconUserCog,
  IconUserShare,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { apiErrorText } from '../../components/api-error';
import { useTranslation } from '../../lib/i18n';
import { useSuperAdminDashboard } from './dashboard-api';
import { FigureGrid } from './dashboard-summary-card';
import { MonthlyChart } from './monthly-chart';

type CountKey = 'ao' | 'mro' | 'technician' | 'supplier' | 'imo' | 'extTechnician';

const COUNTS: { key: CountKey; icon: TablerIcon; color: string }[] = [
  { key: 'ao', icon: IconBuildingFactory2, color: 'teal' },
  { key: 'mro', icon: IconUserCog, color: 'blue' },
  { key: 'technician', icon: IconTool, color: 'grape' },
  { key: 'supplier', icon: IconTruckDelivery, color: 'orange' },
  { key: 'imo', icon: IconUsersGroup, color: 'cyan' },
  { key: 'extTechnician', icon: IconUserShare, color: 'indigo' },
];

/**
 * The super admin's user statistics (docs/product.md#dashboard): organisations by kind, what waits on the
 * platform (registrations to decide, mail and background jobs that failed) and new users per month.
 */
export function UserStatisticsCard() {
  const { t } = useTranslation();
  const stats = useSuperAdminDashboard();
  const data = stats.data;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          {t('dashboard.users.title')}
        </Title>
        {data ? (
          <Group gap="md" wrap="wrap">
            {/* Only when there is something to do: mail the delivery job gave up on. */}
            {data.failedMail > 0 ? (
              <Anchor component={Link} to="/mail/failed" size="sm" c="red.8">
                <Group gap={6} component="span" wrap="nowrap">
                  <IconMailExclamation size={16} aria-hidden />
                  {t('dashboard.users.failedMail', { count: data.failedMail })}
                </Group>
              </Anchor>
            ) : null}
            {/* Failed background jobs have no page of their own: the count tells the operator to look at the logs. */}
            {data.failedJobs > 0 ? (
              <Group gap={6} wrap="nowrap" c="red.8" data-testid="failed-jobs">
                <IconAlertOctagon size={16} aria-hidden />
                <Text size="sm" c="red.8">
                  {t('dashboard.users.failedJobs', { count: data.failedJobs })}
                </Text>
              </Group>
            ) : null}
            <Anchor component={Link} to="/user/request" size="sm" c={data.pending > 0 ? undefined : 'dimmed'}>
              <Group gap={6} component="span" wrap="nowrap">
                <IconHourglassHigh size={16} aria-hidden />
                {data.pending > 0 ? t('dashboard.users.pending', { count: data.pending }) : t('dashboard.users.pendingNone')}
              </Group>
            </Anchor>
          </Group>
        ) : null}
      </Group>

      {stats.isError ? (
        <Alert color="red">{apiErrorText(stats.error)}</Alert>
      ) : (
        <Stack gap="lg">
          <FigureGrid
            cols={{ base: 2, sm: 3 }}
            figures={COUNTS.map(({ key, icon, color }) => ({ key, label: t(`dashboard.users.${key}`), value: data?.[key], icon, color }))}
          />
          <MonthlyChart
            title={t('dashboard.users.chartTitle')}
            categories={data?.categories}
            series={[{ name: 'users', label: t('dashboard.users.series'), color: 'teal.6', data: data?.userData ?? [] }]}
          />
        </Stack>
      )}
    </Card>
  );
}
