import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useTranslation } from '../../lib/i18n';

/** A dashboard sketch for the brand panel, drawn inline (the CSP allows only our own origin). */
function BrandIllustration() {
  return (
    <svg viewBox="0 0 360 220" width="100%" style={{ maxWidth: 380 }} aria-hidden="true" focusable="false">
      <rect x="10" y="10" width="340" height="200" rx="16" fill="rgba(255,255,255,0.12)" stroke="rgba(255,255,255,0.35)" />
      <rect x="28" y="30" width="90" height="10" rx="5" fill="rgba(255,255,255,0.7)" />
      <rect x="28" y="56" width="96" height="56" rx="10" fill="rgba(255,255,255,0.2)" />
      <rect x="132" y="56" width="96" height="56" rx="10" fill="rgba(255,255,255,0.2)" />
      <rect x="236" y="56" width="96" height="56" rx="10" fill="rgba(255,255,255,0.2)" />
      <text x="40" y="92" fill="#fff" fontSize="22" fontWeight="700">
        128
      </text>
      <text x="144" y="92" fill="#fff" fontSize="22" fontWeight="700">
        42
      </text>
      <text x="248" y="92" fill="#fff" fontSize="22" fontWeight="700">
        97%
      </text>
      <path
        d="M28 190 L78 160 L118 172 L168 138 L218 150 L268 122 L332 132"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M28 190 L78 160 L118 172 L168 138 L218 150 L268 122 L332 132 L332 196 L28 196 Z" fill="rgba(255,255,255,0.14)" />
    </svg>
  );
}

/** The brand panel's content (auth-layout.tsx): shown on wide screens only, so fetched only there. */
export default function AuthBrandPanel() {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/" aria-label={t('common.home')} style={{ textDecoration: 'none' }}>
        <BrandLogo size={40} inverted />
      </Link>
      <Stack gap="lg">
        {/* Not a heading: each screen's own title is the page's first heading. */}
        <Text c="white" fz={32} fw={700} lh={1.2}>
          {t('auth.brand.title')}
        </Text>
        <Text c="rgba(255,255,255,0.85)" fz="lg">
          {t('auth.brand.subtitle')}
        </Text>
        <List
          spacing="sm"
          icon={
            <ThemeIcon color="white" c="teal.7" radius="xl" size={22}>
              <IconCircleCheck size={16} />
            </ThemeIcon>
          }
        >
          <List.Item c="white">{t('auth.brand.point1')}</List.Item>
          <List.Item c="white">{t('auth.brand.point2')}</List.Item>
          <List.Item c="white">{t('auth.brand.point3')}</List.Item>
        </List>
        <BrandIllustration />
      </Stack>
      <Text size="sm" c="rgba(255,255,255,0.75)">
        {t('common.copyright', { year: new Date().getFullYear() })}
      </Text>
    </>
  );
}
