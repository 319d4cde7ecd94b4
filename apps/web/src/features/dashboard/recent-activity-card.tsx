import { Anchor, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconArrowRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ActivitySkeleton, ActivityTimeline } from '../../components/activity-feed';
import { logQuietly } from '../../components/api-error';
import { useTranslation } from '../../lib/i18n';
import { useRecentActivities } from '../../lib/queries/activities';

/** The latest few, so the card stays short on a phone; the rest are a click away. */
export const RECENT_ACTIVITY_COUNT = 5;

/**
 * The Recent Activity timeline every dashboard shows (docs/product.md#dashboard): what the user did
 * lately, without signing in and out, and a link to all of it on their profile.
 */
export function RecentActivityCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const activities = useRecentActivities(userId, RECENT_ACTIVITY_COUNT, { meaningful: true });
  // docs/product.md#notifications-and-activity: a failure loading recent activities is only logged; the card then reads as empty.
  useEffect(() => {
    if (activities.error) logQuietly('loading recent activities', activities.error);
  }, [activities.error]);
  const items = activities.isError ? [] : activities.data?.data;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="baseline" gap="xs" mb="md" wrap="wrap">
        <Title order={2} fz="lg">
          {t('dashboard.activity.title')}
        </Title>
        <Anchor component={Link} to="/user-profile/activity" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            {t('dashboard.activity.all')}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {!items ? (
        <ActivitySkeleton rows={4} />
      ) : items.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconActivity size={24} />
            </ThemeIcon>
            <Text c="dimmed" size="sm">
              {t('dashboard.activity.empty')}
            </Text>
          </Stack>
        </Center>
      ) : (
        <ActivityTimeline items={items} />
      )}
    </Card>
  );
}
