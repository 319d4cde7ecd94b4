import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import '../lib/catalogue-english';
import { useTranslation } from '../lib/i18n';
import { BrandLogo } from './brand-logo';

/** The large 404, the catalogue's ERROR.NOT_FOUND_PAGE, a hint and the way back. */
export function NotFoundContent({ size, action }: { size: 'page' | 'shell'; action: ReactNode }) {
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

/**
 * Any unknown path of a signed-out visitor, /error/error-v1 (docs/product.md#not-found-and-not-allowed), and an
 * unknown owner's fault portal. Its links are plain ones, so the fault portal's own page (which has
 * no router) shows it too; going home from a 404 may load the page anew.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('common.notFound.title')} · AMP`);
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="lg" maw={520} ta="center">
        <a href="/" aria-label={t('common.home')} style={{ textDecoration: 'none', color: 'inherit' }}>
          <BrandLogo size={36} />
        </a>
        <NotFoundContent
          size="page"
          action={
            <Button component="a" href="/" size="md" leftSection={<IconHome size={18} />}>
              {t('common.notFound.home')}
            </Button>
          }
        />
      </Stack>
    </Center>
  );
}
