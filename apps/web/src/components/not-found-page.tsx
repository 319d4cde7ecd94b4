import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';

/** Any unknown path and /error/error-v1 (SPEC.md sections 2.1 and 8). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('common.notFound.title')} · AMP`);
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="lg" maw={520} ta="center">
        <Link to="/" aria-label={t('common.home')} style={{ textDecoration: 'none', color: 'inherit' }}>
          <BrandLogo size={36} />
        </Link>
        <Text
          component="p"
          fw={900}
          lh={1}
          m={0}
          c="teal.6"
          style={{ fontSize: 'clamp(96px, 28vw, 180px)', letterSpacing: '-0.04em', textShadow: '0 8px 24px rgba(10, 127, 92, 0.2)' }}
        >
          404
        </Text>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t('ERROR.NOT_FOUND_PAGE')}
        </Title>
        <Text c="dimmed">{t('common.notFound.hint')}</Text>
        <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} />}>
          {t('common.notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
