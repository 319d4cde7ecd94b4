import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';

/** A padlock on a document: drawn inline because the CSP allows images from our own origin only. */
function LockedIllustration() {
  return (
    <svg
      width="220"
      height="180"
      viewBox="0 0 220 180"
      role="img"
      aria-hidden="true"
      focusable="false"
      style={{ maxWidth: '70vw', height: 'auto' }}
    >
      <ellipse cx="110" cy="166" rx="84" ry="8" fill="var(--mantine-color-gray-2)" />
      <rect
        x="46"
        y="18"
        width="104"
        height="136"
        rx="10"
        fill="var(--mantine-color-gray-0)"
        stroke="var(--mantine-color-gray-4)"
        strokeWidth="3"
      />
      <rect x="62" y="40" width="60" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
      <rect x="62" y="58" width="72" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
      <rect x="62" y="76" width="48" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
      <path d="M134 92v-14a22 22 0 0 1 44 0v14" fill="none" stroke="var(--mantine-color-teal-7)" strokeWidth="8" strokeLinecap="round" />
      <rect x="120" y="90" width="72" height="58" rx="10" fill="var(--mantine-color-teal-6)" />
      <circle cx="156" cy="114" r="8" fill="#fff" />
      <rect x="152.5" y="116" width="7" height="16" rx="3.5" fill="#fff" />
    </svg>
  );
}

/** Shown when a page needs a permission the user does not hold (docs/product.md#not-found-and-not-allowed). */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('common.unauthorized.title')} · AMP`);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={460} ta="center">
        <LockedIllustration />
        <Title order={2}>{t('common.unauthorized.title')}</Title>
        <Text c="dimmed">{t('common.unauthorized.text')}</Text>
        <Button component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={18} />}>
          {t('common.unauthorized.dashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
