import { Card, Group, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { ActivityFeed } from '../../components/activity-feed';
import { useTranslation } from '../../lib/i18n';

/** /user-profile/activity: everything one has done, newest first; signing in and out only on request. */
export function ProfileActivity({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState(false);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
        <Title order={2} fz="lg">
          {t('profile.activity.title')}
        </Title>
        <Switch label={t('profile.activity.sessions')} checked={sessions} onChange={(event) => setSessions(event.currentTarget.checked)} />
      </Group>
      <ActivityFeed userId={userId} feed={{ meaningful: !sessions }} />
    </Card>
  );
}
