import { Box, NavLink, ScrollArea } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { activeLink, type MenuGroup, type MenuLink, visibleMenu } from '../menu';

/**
 * The side menu (docs/product.md#side-menu), filtered by the user's permissions. It sits in
 * AppShell.Navbar, which is the labelled <nav> landmark.
 */
export function SideMenu({ pageId, onNavigate }: { pageId: string | undefined; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const { pathname } = useLocation();
  const items = useMemo(() => visibleMenu(can), [can]);
  const active = activeLink(items, pageId, pathname);
  const [open, setOpen] = useState<Record<string, boolean>>({});

  // The group of the page being shown opens by itself, also after a link from elsewhere.
  const activeGroupId = active?.group?.id;
  useEffect(() => {
    if (activeGroupId) setOpen((current) => (current[activeGroupId] ? current : { ...current, [activeGroupId]: true }));
  }, [activeGroupId]);

  const renderLink = (entry: MenuLink, nested: boolean) => {
    const Icon = entry.icon;
    return (
      <NavLink
        key={entry.route}
        component={Link}
        to={entry.route}
        label={t(entry.label)}
        leftSection={Icon ? <Icon size={20} stroke={1.6} /> : undefined}
        active={active?.link.route === entry.route}
        aria-current={active?.link.route === entry.route ? 'page' : undefined}
        variant={nested ? 'subtle' : 'light'}
        onClick={onNavigate}
        py={nested ? 6 : 9}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    );
  };

  const renderGroup = (group: MenuGroup) => {
    const Icon = group.icon;
    const opened = open[group.id] ?? false;
    return (
      <NavLink
        key={group.id}
        component="button"
        type="button"
        aria-expanded={opened}
        label={t(group.label)}
        leftSection={<Icon size={20} stroke={1.6} />}
        opened={opened}
        onChange={(value) => setOpen((current) => ({ ...current, [group.id]: value }))}
        childrenOffset={28}
        py={9}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        fw={active?.group?.id === group.id ? 600 : undefined}
      >
        {group.children.map((child) => renderLink(child, true))}
      </NavLink>
    );
  };

  return (
    <ScrollArea type="scroll" h="100%">
      <Box px="sm" py="md">
        {items.map((item) => (item.kind === 'link' ? renderLink(item, false) : renderGroup(item)))}
      </Box>
    </ScrollArea>
  );
}
