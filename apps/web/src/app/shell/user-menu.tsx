import { LANGUAGES } from '@amp/contracts/languages';
import { Avatar, Badge, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { changeLanguage, LANGUAGE_NAMES, storedLanguage, useTranslation } from '../../lib/i18n';

function initials(firstName: string, lastName: string) {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** The greeting and the user dropdown of the header (docs/product.md#the-signed-in-shell). */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`;
  const current = storedLanguage();

  return (
    <Menu position="bottom-end" width={280} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('shell.user.open')} style={{ borderRadius: 'var(--mantine-radius-xl)' }} px={4} py={4}>
          <Group gap={8} wrap="nowrap">
            {/* On a phone the avatar alone stands for the user (the menu names them): the greeting would push the chevron off-screen. */}
            <Text size="sm" fw={500} truncate maw={240} visibleFrom="sm">
              {t('shell.greeting', { firstName: user.firstName })}
            </Text>
            <Avatar color="teal" radius="xl" size={36}>
              {initials(user.firstName, user.lastName)}
            </Avatar>
            <IconChevronDown size={16} stroke={1.8} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar color="teal" radius="xl" size={44}>
              {initials(user.firstName, user.lastName)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {fullName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
              <Badge variant="light" size="sm" mt={4} style={{ alignSelf: 'flex-start' }}>
                {user.userRole.name}
              </Badge>
            </Stack>
          </Group>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/user-profile/profile-overview" leftSection={<IconUserCircle size={18} />}>
          {t('shell.menu.myProfile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>
          <Group gap={6}>
            <IconLanguage size={14} />
            {t('shell.user.language')}
          </Group>
        </Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => language !== current && changeLanguage(language)}
            rightSection={language === current ? <IconCheck size={16} aria-label={t('shell.user.currentLanguage')} /> : null}
            fw={language === current ? 600 : undefined}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red" leftSection={<IconLogout size={18} />}>
          {t('shell.menu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
