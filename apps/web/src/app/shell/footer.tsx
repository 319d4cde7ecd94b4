import { Group, Text } from '@mantine/core';
import { FooterLinkRow } from '../../components/footer-links';
import { SCROLL_TO_TOP_CLEARANCE } from '../../components/scroll-to-top';
import { useTranslation } from '../../lib/i18n';

/**
 * The shell's footer. Its right end stays clear of the scroll-to-top button, which floats over
 * the bottom right corner once the page is scrolled.
 */
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
      style={{
        borderTop: '1px solid var(--mantine-color-gray-3)',
        paddingInlineEnd: `calc(${SCROLL_TO_TOP_CLEARANCE}px - var(--app-shell-padding, 0px))`,
      }}
      wrap="wrap"
    >
      <Text size="sm" c="dimmed">
        {t('common.copyright', { year: new Date().getFullYear() })}
      </Text>
      <FooterLinkRow names={['help', 'privacy', 'contact']} />
    </Group>
  );
}
