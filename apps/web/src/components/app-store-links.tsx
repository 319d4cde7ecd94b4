import { Group, UnstyledButton } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

/** The two app stores of the mobile apps (docs/product.md#landing-page, #sign-in). */
export const APP_STORE_URL = 'https://apps.apple.com/';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps';

function StoreBadge({ href, icon, small, big, dark }: { href: string; icon: ReactNode; small: string; big: string; dark: boolean }) {
  return (
    <UnstyledButton
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${small} ${big}`}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 14px',
        borderRadius: 10,
        background: dark ? '#111' : 'rgba(255,255,255,0.12)',
        color: '#fff',
        border: dark ? '1px solid #111' : '1px solid rgba(255,255,255,0.45)',
        minWidth: 150,
      }}
    >
      {icon}
      <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.1 }}>
        <span style={{ fontSize: 10, opacity: 0.85 }}>{small}</span>
        <span style={{ fontSize: 16, fontWeight: 600 }}>{big}</span>
      </span>
    </UnstyledButton>
  );
}

/** Store badges drawn in place (no external images: the CSP allows only our own origin). */
export function AppStoreLinks({ variant = 'dark' }: { variant?: 'dark' | 'light' }) {
  const { t } = useTranslation();
  const dark = variant === 'dark';
  return (
    <Group gap="sm">
      <StoreBadge
        href={APP_STORE_URL}
        icon={<IconBrandApple size={26} />}
        small={t('common.appStore.download')}
        big="App Store"
        dark={dark}
      />
      <StoreBadge
        href={PLAY_STORE_URL}
        icon={<IconBrandGooglePlay size={24} />}
        small={t('common.appStore.getItOn')}
        big="Google Play"
        dark={dark}
      />
    </Group>
  );
}
