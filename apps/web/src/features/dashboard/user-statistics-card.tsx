import type { SuperAdminDashboard } from '@amp/contracts/user';
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Anchor, Box, Card, Flex, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
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
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiErrorText } from '../../components/api-error';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';

/** SPEC.md section 9: the chart's y-axis runs from 0 to 80, unless the data is larger. */
const Y_AXIS_MAX = 80;

type CountKey = 'ao' | 'mro' | 'technician' | 'supplier' | 'imo' | 'extTechnician';

const COUNTS: { key: CountKey; icon: TablerIcon; color: string }[] = [
  { key: 'ao', icon: IconBuildingFactory2, color: 'teal' },
  { key: 'mro', icon: IconUserCog, color: 'blue' },
  { key: 'technician', icon: IconTool, color: 'grape' },
  { key: 'supplier', icon: IconTruckDelivery, color: 'orange' },
  { key: 'imo', icon: IconUsersGroup, color: 'cyan' },
  { key: 'extTechnician', icon: IconUserShare, color: 'indigo' },
];

function StatTile({ label, value, icon: Icon, color }: { label: string; value: number; icon: TablerIcon; color: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} h="100%">
      {/* Icon above the number on phones, beside it from small screens up, so labels never cut off. */}
      <Flex gap="sm" direction={{ base: 'column', sm: 'row' }} align={{ base: 'flex-start', sm: 'center' }}>
        <ThemeIcon size={40} radius="md" variant="light" color={color}>
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Box style={{ minWidth: 0 }}>
          <Text fw={700} fz={22} lh={1.1}>
            {value.toLocaleString()}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3}>
            {label}
          </Text>
        </Box>
      </Flex>
    </Paper>
  );
}

/** The super admin's user statistics: organisations by kind and new users per month (SPEC.md section 2.4). */
export function UserStatisticsCard() {
  const { t } = useTranslation();
  const stats = useQuery({ queryKey: ['dashboard', 'super-admin'], queryFn: () => api.get<SuperAdminDashboard>('/v2/dashboard-sa') });
  const data = stats.data;
  const chartData = (data?.categories ?? []).map((month, index) => ({ month, users: data?.userData[index] ?? 0 }));
  const yMax = Math.max(Y_AXIS_MAX, ...(data?.userData ?? [0]));

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
                  <IconMailExclamation size={16} />
                  {t('dashboard.users.failedMail', { count: data.failedMail })}
                </Group>
              </Anchor>
            ) : null}
            <Anchor component={Link} to="/user/request" size="sm" c={data.pending > 0 ? undefined : 'dimmed'}>
              <Group gap={6} component="span" wrap="nowrap">
                <IconHourglassHigh size={16} />
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
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {COUNTS.map(({ key, icon, color }) =>
              data ? (
                <StatTile key={key} label={t(`dashboard.users.${key}`)} value={data[key]} icon={icon} color={color} />
              ) : (
                <Skeleton key={key} h={74} radius="md" />
              ),
            )}
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t('dashboard.users.chartTitle')}
            </Text>
            {data ? (
              <AreaChart
                h={260}
                data={chartData}
                dataKey="month"
                series={[{ name: 'users', label: t('dashboard.users.series'), color: 'teal.6' }]}
                curveType="monotone"
                withGradient
                gridAxis="x"
                tickLine="none"
                yAxisProps={{ domain: [0, yMax], allowDecimals: false }}
                withDots={false}
              />
            ) : (
              <Skeleton h={260} radius="md" />
            )}
          </Paper>
        </Stack>
      )}
    </Card>
  );
}
