import { Card, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { RecentActivityCard } from './recent-activity-card';
import { UserStatisticsCard } from './user-statistics-card';

/**
 * Until service requests and work orders exist, the other roles' summary says where it will
 * appear rather than showing made-up numbers.
 */
function WorkSummaryCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconClipboardList size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} fz="lg">
              {t('dashboard.summary.title')}
            </Title>
            <Text c="dimmed">{t('dashboard.summary.text')}</Text>
          </Stack>
        </Group>
        {user ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.summary.organisation', { organisation: user.organisation.name, role: user.userRole.name })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('dashboard.welcome', { firstName: user.firstName })}</Text>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>{user.super ? <UserStatisticsCard /> : <WorkSummaryCard />}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RecentActivityCard userId={user._id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
