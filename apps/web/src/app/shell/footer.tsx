import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FooterLinkRow } from '../../components/footer-links';

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
      <FooterLinkRow names={['help', 'privacy', 'contact']} />
    </Group>
  );
}
