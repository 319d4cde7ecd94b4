import { Box, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { AppStoreLinks } from '../../components/app-store-links';
import { BrandLogo } from '../../components/brand-logo';
import { FooterLinkRow } from '../../components/footer-links';
import { useTranslation } from '../../lib/i18n';
import './auth-english';

// The brand panel is hidden on phones (the first screen of most visits): its code is fetched only
// on wider screens, where it shows (and left empty should it fail to arrive).
const AuthBrandPanel = lazy<ComponentType>(() => import('./auth-brand-panel').catch(() => ({ default: () => null })));

/** The two-pane layout of the auth screens: brand on the left, the form on the right (stacked on phones). */
export default function AuthLayout() {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  return (
    <Box style={{ display: 'flex', minHeight: '100dvh', flexWrap: 'wrap' }}>
      <Box
        component="aside"
        visibleFrom="md"
        p={48}
        style={{
          flex: '1 1 420px',
          maxWidth: 560,
          color: '#fff',
          background:
            'linear-gradient(155deg, var(--mantine-color-teal-9) 0%, var(--mantine-color-teal-7) 55%, var(--mantine-color-cyan-9) 100%)',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          gap: 32,
        }}
      >
        {wide ? (
          <Suspense fallback={null}>
            <AuthBrandPanel />
          </Suspense>
        ) : null}
      </Box>

      <Box style={{ flex: '1 1 480px', display: 'flex', flexDirection: 'column', minWidth: 0 }} bg="white">
        <Group
          component="header"
          hiddenFrom="md"
          px="md"
          py="sm"
          justify="space-between"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Link to="/" aria-label={t('common.home')} style={{ textDecoration: 'none', color: 'inherit' }}>
            <BrandLogo size={30} />
          </Link>
        </Group>
        <Box
          component="main"
          px={{ base: 'md', sm: 48 }}
          py={{ base: 'lg', sm: 40 }}
          style={{ flex: 1, display: 'flex', alignItems: 'safe center' }}
        >
          <Box w="100%" maw={560} mx="auto">
            <Outlet />
          </Box>
        </Box>
        <Stack
          component="footer"
          gap="sm"
          px={{ base: 'md', sm: 48 }}
          py="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <AppStoreLinks />
            <FooterLinkRow names={['privacy', 'legal', 'contact']} />
          </Group>
        </Stack>
      </Box>
    </Box>
  );
}
