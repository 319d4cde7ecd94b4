import { Grid, Stack, Text } from '@mantine/core';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useMyWork } from './dashboard-api';
import { RecentActivityCard } from './recent-activity-card';
import { SupplierDashboardCard } from './supplier-dashboard-card';
import { TodayWorkCard } from './today-work-card';
import { UserStatisticsCard } from './user-statistics-card';
import { WorkSummaryCard } from './work-summary-card';

/**
 * The dashboard by role (docs/product.md#dashboard): the super admin's user statistics, a supplier's
 * purchase orders, everyone else's work summary; and beside it, on every one, Recent Activity.
 * A technician (a provider's, or an external one) sees first what they must do today (the
 * technician's home, docs/product.md), and so does a provider's manager who has work assigned.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, can } = useAuth();
  const fieldWorker = Boolean(user && (user.technician || user.extTechnician));
  const providerManager = Boolean(user && (user.mro || user.imo));
  // The call's own rule (assigned work comes through the Incoming lists): a custom role without them has none to show.
  const myWork = useMyWork((fieldWorker || providerManager) && can(['viewIncomingWO', 'viewIncomingSR']));
  if (!user) return null;
  const main = user.super ? <UserStatisticsCard /> : user.supplier ? <SupplierDashboardCard /> : <WorkSummaryCard />;
  // A manager's dashboard stays theirs unless some work is theirs to do; a technician always sees the list, empty or not.
  const todayWork = fieldWorker || (myWork.data?.length ?? 0) > 0;
  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('dashboard.welcome', { firstName: user.firstName })}</Text>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {todayWork ? <TodayWorkCard query={myWork} /> : null}
            {main}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RecentActivityCard userId={user._id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
