import { Button, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { type ActivityEntry, type ActivityFeed as Feed, useActivityPages } from '../lib/queries/activities';
import { logQuietly } from './api-error';
import { formatDateTime } from './data/format';

/** Activities as a timeline: what happened and when, newest first. */
export function ActivityTimeline({ items }: { items: readonly ActivityEntry[] }) {
  return (
    <Timeline bulletSize={22} lineWidth={2}>
      {items.map((activity) => (
        <Timeline.Item key={activity._id} bullet={<IconHistory size={12} />}>
          <Text size="sm" fw={500}>
            {activity.description}
          </Text>
          <Text size="xs" c="dimmed" mt={2} component="time" dateTime={activity.createdAt}>
            {formatDateTime(activity.createdAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** Placeholder rows while activities load. */
export function ActivitySkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={row} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * A user's whole feed, ten at a time with "Show older activity": the user administration's
 * detail page and one's own profile. docs/product.md#notifications-and-activity: a failed load is logged, and a quiet
 * line keeps the card from looking broken.
 */
export function ActivityFeed({ userId, feed }: { userId: string; feed?: Feed }) {
  const { t } = useTranslation();
  const activities = useActivityPages(userId, feed);
  const items = activities.data?.pages.flatMap((page) => page.data) ?? [];
  useEffect(() => {
    if (activities.error) logQuietly('loading activities', activities.error);
  }, [activities.error]);

  if (activities.isPending) return <ActivitySkeleton />;
  if (activities.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('common.activity.unavailable')}
      </Text>
    );
  }
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('common.activity.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <ActivityTimeline items={items} />
      {activities.hasNextPage ? (
        <Button variant="subtle" w="fit-content" onClick={() => activities.fetchNextPage()} loading={activities.isFetchingNextPage}>
          {t('common.activity.more')}
        </Button>
      ) : null}
    </Stack>
  );
}
