import { Burger, Group } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useTranslation } from '../../lib/i18n';
import { SyncIndicator } from '../../offline/outbox/sync-indicator';
import { NotificationsPanel } from './notifications-panel';
import { UserMenu } from './user-menu';

export function Header({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label={navOpened ? t('shell.menu.close') : t('shell.menu.open')}
        />
        <Link to="/dashboard" aria-label={t('shell.home')} style={{ textDecoration: 'none', color: 'inherit' }}>
          <BrandLogo size={30} />
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SyncIndicator />
        <NotificationsPanel />
        <UserMenu />
      </Group>
    </Group>
  );
}
