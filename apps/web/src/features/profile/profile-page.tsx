import { Avatar, Badge, Card, Grid, NavLink, Stack, Text } from '@mantine/core';
import { IconBell, IconHistory, IconId, IconKey, IconLanguage, IconPencil, type TablerIcon } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { logQuietly } from '../../components/api-error';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { ChangePasswordForm } from './change-password-form';
import { NotificationPreferencesForm } from './notification-preferences-form';
import { ProfileActivity } from './profile-activity';
import { profileView, useProfile } from './profile-api';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileOverview } from './profile-overview';
import { profilePages } from './profile-pages';
import { SettingsForm } from './settings-form';

/** The sections, each a page of profile-pages.ts (their paths and titles live there). */
const SECTIONS: { page: { path: string }; label: string; icon: TablerIcon }[] = [
  { page: profilePages.overview, label: 'profile.section.overview', icon: IconId },
  { page: profilePages.edit, label: 'profile.section.edit', icon: IconPencil },
  { page: profilePages.password, label: 'profile.section.password', icon: IconKey },
  { page: profilePages.settings, label: 'profile.section.settings', icon: IconLanguage },
  { page: profilePages.notifications, label: 'profile.section.notifications', icon: IconBell },
  { page: profilePages.activity, label: 'profile.section.activity', icon: IconHistory },
];

/** My Profile: /user-profile/{profile-overview, edit, change-password, language, notifications, activity}, one page with a section per path. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const profileQuery = useProfile(user?._id ?? '');

  useEffect(() => {
    // The signed-in user's own data stands in while the profile cannot be read.
    if (profileQuery.isError) logQuietly('loading the profile', profileQuery.error);
  }, [profileQuery.isError, profileQuery.error]);

  if (!user) return null;
  const profile = profileView(user, profileQuery.data);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <Card withBorder radius="lg" padding="lg">
          <Stack align="center" gap={4} mb="md" ta="center">
            <Avatar color="teal" radius="xl" size={72}>
              {`${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase()}
            </Avatar>
            <Text fw={600} mt="xs">
              {profile.firstName} {profile.lastName}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {profile.email}
            </Text>
            <Badge variant="light" mt={4}>
              {profile.role.name}
            </Badge>
          </Stack>
          <nav aria-label={t('profile.sections')}>
            {SECTIONS.map(({ page, label, icon: Icon }) => (
              <NavLink
                key={page.path}
                component={Link}
                to={page.path}
                label={t(label)}
                leftSection={<Icon size={18} stroke={1.6} />}
                active={pathname === page.path}
                aria-current={pathname === page.path ? 'page' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </nav>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        {pathname === profilePages.overview.path ? <ProfileOverview profile={profile} /> : null}
        {pathname === profilePages.edit.path ? <ProfileEditForm profile={profile} /> : null}
        {pathname === profilePages.password.path ? <ChangePasswordForm /> : null}
        {pathname === profilePages.settings.path ? <SettingsForm user={user} /> : null}
        {pathname === profilePages.notifications.path ? <NotificationPreferencesForm /> : null}
        {pathname === profilePages.activity.path ? <ProfileActivity userId={user._id} /> : null}
      </Grid.Col>
    </Grid>
  );
}
