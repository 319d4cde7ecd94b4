import { Card, Center, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconActivity, IconPoint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logQuietly } from '../../components/api-error';
import { api } from '../../lib/api';

/** An activity of SPEC.md section 3. */
interface Activity {
  _id: string;
  createdAt: string;
  description: string;
}

const SHOWN = 10;

/** The Recent Activity timeline every dashboard shows (SPEC.md section 2.4). */
export function RecentActivityCard({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const activities = useQuery({
    queryKey: ['activities', userId, SHOWN],
    queryFn: async () => {
      try {
        return (await api.page<Activity>(`/v2/activities/${userId}`, { page: 1, pageSize: SHOWN })).data;
      } catch (error) {
        // SPEC.md section 8: a failure loading recent activities is only logged.
        logQuietly('loading recent activities', error);
        return [];
      }
    },
  });
  // Times follow the chosen language, e.g. "21 Nov, 14:05" or "Nov 21, 2:05 PM".
  const time = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('dashboard.activity.title')}
      </Title>
      {!activities.data ? (
        <Stack gap="md">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={36} radius="sm" />
          ))}
        </Stack>
      ) : activities.data.length === 0 ? (
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
        <Timeline bulletSize={22} lineWidth={2} active={activities.data.length}>
          {activities.data.map((activity) => (
            <Timeline.Item
              key={activity._id}
              bullet={<IconPoint size={14} />}
              title={
                <Text size="sm" fw={500}>
                  {activity.description}
                </Text>
              }
            >
              <Text size="xs" c="dimmed" mt={2} component="time" dateTime={activity.createdAt}>
                {time.format(new Date(activity.createdAt))}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}
