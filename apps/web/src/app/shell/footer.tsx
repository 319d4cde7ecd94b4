import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      mt="xl"
      pt="md"
      pb="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      wrap="wrap"
    >
      <Text size="sm" c="dimmed">
        {t('common.copyright', { year: new Date().getFullYear() })}
      </Text>
      <Group gap="md">
        <Anchor component={Link} to="/help" size="sm" c="dimmed">
          {t('common.links.help')}
        </Anchor>
        <Anchor component={Link} to="/help/privacy" size="sm" c="dimmed">
          {t('common.links.privacy')}
        </Anchor>
        <Anchor component={Link} to="/help/contact" size="sm" c="dimmed">
          {t('common.links.contact')}
        </Anchor>
      </Group>
    </Group>
  );
}
