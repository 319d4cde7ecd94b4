import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHome, IconLayoutDashboard } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';

/** The large 404, SPEC.md's "OOPS! Something went wrong here", a hint and the way back. */
function NotFoundContent({ size, action }: { size: 'page' | 'shell'; action: ReactNode }) {
  const { t } = useTranslation();
  const fontSize = size === 'page' ? 'clamp(96px, 28vw, 180px)' : 'clamp(72px, 20vw, 128px)';
  return (
    <>
      <Text
        component="p"
        fw={900}
        lh={1}
        m={0}
        c="teal.6"
        style={{ fontSize, letterSpacing: '-0.04em', textShadow: '0 8px 24px rgba(10, 127, 92, 0.2)' }}
      >
        404
      </Text>
      <Title order={size === 'page' ? 1 : 2} fz={size === 'page' ? { base: 22, sm: 28 } : { base: 20, sm: 24 }}>
        {t('ERROR.NOT_FOUND_PAGE')}
      </Title>
      <Text c="dimmed">{t('common.notFound.hint')}</Text>
      {action}
    </>
  );
}

/** Any unknown path of a signed-out visitor, and /error/error-v1 (SPEC.md sections 2.1 and 8). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('common.notFound.title')} · AMP`);
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="lg" maw={520} ta="center">
        <Link to="/" aria-label={t('common.home')} style={{ textDecoration: 'none', color: 'inherit' }}>
          <BrandLogo size={36} />
        </Link>
        <NotFoundContent
          size="page"
          action={
            <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} />}>
              {t('common.notFound.home')}
            </Button>
          }
        />
      </Stack>
    </Center>
  );
}

/**
 * An unknown path inside the signed-in area (also a menu entry whose module is still to come):
 * the user stays in the shell, with the menu, and goes back to the dashboard from here.
 */
export function NotFoundInShell() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <NotFoundContent
          size="shell"
          action={
            <Button component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={18} />}>
              {t('common.notFound.dashboard')}
            </Button>
          }
        />
      </Stack>
    </Center>
  );
}
