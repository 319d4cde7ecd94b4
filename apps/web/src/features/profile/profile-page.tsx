import { Avatar, Badge, Card, Grid, NavLink, Stack, Text } from '@mantine/core';
import { IconId, IconKey, IconLanguage, IconPencil, type TablerIcon } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { logQuietly } from '../../components/api-error';
import { useAuth } from '../../lib/auth';
import { ChangePasswordForm } from './change-password-form';
import { profileView, useProfile } from './profile-api';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileOverview } from './profile-overview';
import { SettingsForm } from './settings-form';

const SECTIONS: { id: string; label: string; icon: TablerIcon }[] = [
  { id: 'profile-overview', label: 'profile.section.overview', icon: IconId },
  { id: 'edit', label: 'profile.section.edit', icon: IconPencil },
  { id: 'change-password', label: 'profile.section.password', icon: IconKey },
  { id: 'language', label: 'profile.section.settings', icon: IconLanguage },
];

/** My Profile: /user-profile/{profile-overview, edit, change-password, language}. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { section } = useParams();
  const { user } = useAuth();
  const profileQuery = useProfile(user?._id ?? '');

  useEffect(() => {
    // The signed-in user's own data stands in while the profile cannot be read.
    if (profileQuery.isError) logQuietly('loading the profile', profileQuery.error);
  }, [profileQuery.isError, profileQuery.error]);

  if (!user) return null;
  if (!SECTIONS.some((s) => s.id === section)) return <Navigate to="/user-profile/profile-overview" replace />;
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
            {SECTIONS.map(({ id, label, icon: Icon }) => (
              <NavLink
                key={id}
                component={Link}
                to={`/user-profile/${id}`}
                label={t(label)}
                leftSection={<Icon size={18} stroke={1.6} />}
                active={section === id}
                aria-current={section === id ? 'page' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </nav>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        {section === 'profile-overview' ? <ProfileOverview profile={profile} /> : null}
        {section === 'edit' ? <ProfileEditForm profile={profile} /> : null}
        {section === 'change-password' ? <ChangePasswordForm /> : null}
        {section === 'language' ? <SettingsForm user={user} /> : null}
      </Grid.Col>
    </Grid>
  );
}
