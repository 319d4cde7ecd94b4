import { Button, Menu } from '@mantine/core';
import { IconBox, IconChevronDown, IconFileImport, IconFileUpload, IconPlus, IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth';
import { useTranslation } from '../lib/i18n';

/** docs/product.md#create-menu: the four ways to create assets, in that order. */
const ENTRIES = [
  { to: '/asset/add', label: 'assets.createMenu.asset', icon: IconBox },
  { to: '/asset/cluster/add', label: 'assets.createMenu.cluster', icon: IconStack2 },
  { to: '/asset/bulk/add', label: 'assets.createMenu.bulkAdd', icon: IconFileImport },
  { to: '/asset/bulk/update', label: 'assets.createMenu.bulkUpdate', icon: IconFileUpload },
] as const;

/**
 * The Create dropdown of the asset and cluster pages (docs/product.md#create-menu). It shows only for
 * users holding createNewAsset; everyone else sees nothing.
 */
export function CreateAssetMenu() {
  const { t } = useTranslation();
  const { can } = useAuth();
  if (!can('createNewAsset')) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={18} />} rightSection={<IconChevronDown size={16} />}>
          {t('assets.createMenu.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ENTRIES.map((entry) => (
          <Menu.Item key={entry.to} component={Link} to={entry.to} leftSection={<entry.icon size={16} aria-hidden />}>
            {t(entry.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
