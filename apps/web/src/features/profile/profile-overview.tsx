import { ACCOUNT_TYPE_LABELS, type OrganisationKind } from '@amp/contracts/organisation';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LANGUAGE_NAMES, useTranslation } from '../../lib/i18n';
import type { UserProfile } from './profile-api';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

export function ProfileOverview({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation();
  const none = t('profile.none');
  const kind = profile.organisation.kind as OrganisationKind;
  const joined = profile.createdAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(profile.createdAt))
    : none;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
        <Title order={2} fz="lg">
          {t('profile.overview.title')}
        </Title>
        <Button component={Link} to="/user-profile/edit" variant="light" size="sm" leftSection={<IconPencil size={16} />}>
          {t('profile.overview.edit')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        <Detail label={t('profile.overview.fullName')}>
          {profile.firstName} {profile.lastName}
        </Detail>
        <Detail label={t('field.Email')}>{profile.email}</Detail>
        <Detail label={t('field.Telephone')}>{profile.telephone || none}</Detail>
        <Detail label={t('field.Designation')}>{profile.designation || none}</Detail>
        <Detail label={t('profile.overview.organisation')}>
          {profile.organisation.name}{' '}
          <Badge variant="outline" size="sm" ml={4}>
            {t(`auth.accountType.${kind}`, { defaultValue: ACCOUNT_TYPE_LABELS[kind] ?? kind })}
          </Badge>
        </Detail>
        <Detail label={t('field.Role')}>{profile.role.name}</Detail>
        <Detail label={t('field.Language')}>{LANGUAGE_NAMES[profile.settings.language] ?? profile.settings.language}</Detail>
        <Detail label={t('profile.overview.memberSince')}>{joined}</Detail>
      </SimpleGrid>
    </Card>
  );
}
