import { Grid, Stack, Text } from '@mantine/core';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { RecentActivityCard } from './recent-activity-card';
import { SupplierDashboardCard } from './supplier-dashboard-card';
import { UserStatisticsCard } from './user-statistics-card';
import { WorkSummaryCard } from './work-summary-card';

/**
 * The dashboard by role (SPEC.md 2.4 and 6): the super admin's user statistics, a supplier's
 * purchase orders, everyone else's work summary; and beside it, on every one, Recent Activity.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  const main = user.super ? <UserStatisticsCard /> : user.supplier ? <SupplierDashboardCard /> : <WorkSummaryCard />;
  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('dashboard.welcome', { firstName: user.firstName })}</Text>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>{main}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RecentActivityCard userId={user._id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
