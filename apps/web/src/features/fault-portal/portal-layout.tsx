import { Anchor, Box, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconCamera, IconMapPin, IconMessageReport } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { FOOTER_LINKS } from '../../components/footer-links';
import { useTranslation } from '../../lib/i18n';
import classes from './fault-portal.module.css';
import { PortalLanguagePicker } from './portal-language-picker';

/** A fault and a pole, drawn inline (the CSP allows only our own origin). */
function PortalIllustration() {
  return (
    <svg viewBox="0 0 320 160" width="100%" style={{ maxWidth: 340 }} aria-hidden="true" focusable="false">
      <rect x="8" y="8" width="304" height="144" rx="16" fill="rgba(255,255,255,0.12)" stroke="rgba(255,255,255,0.35)" />
      <rect x="56" y="36" width="10" height="104" rx="3" fill="rgba(255,255,255,0.8)" />
      <rect x="34" y="40" width="54" height="8" rx="4" fill="rgba(255,255,255,0.8)" />
      <rect x="46" y="70" width="30" height="24" rx="4" fill="rgba(255,255,255,0.35)" />
      <path d="M52 76h18M52 82h12" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M108 56 L124 48 L118 62 L134 56" fill="none" stroke="#ffd43b" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="160" y="36" width="128" height="92" rx="12" fill="rgba(255,255,255,0.2)" />
      <rect x="174" y="52" width="72" height="8" rx="4" fill="rgba(255,255,255,0.85)" />
      <rect x="174" y="70" width="100" height="8" rx="4" fill="rgba(255,255,255,0.5)" />
      <rect x="174" y="86" width="88" height="8" rx="4" fill="rgba(255,255,255,0.5)" />
      <rect x="214" y="104" width="60" height="16" rx="8" fill="#fff" />
    </svg>
  );
}

interface PortalLayoutProps {
  /** The owner the reports go to, once known. */
  ownerName?: string;
  /** The left pane's guidance (the report steps, or how tracking works). */
  guidance: 'report' | 'track';
  children: ReactNode;
}

/**
 * The public portal's page (docs/product.md#fault-portal), outside the signed-in shell: a compact header (brand,
 * language, the Back link to /auth), the form pane, and the guidance pane (left on wide screens,
 * after the form on a phone).
 */
export function PortalLayout({ ownerName, guidance, children }: PortalLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <Box component="aside" className={classes.aside}>
        <Stack gap="lg">
          <a href="/" aria-label={t('common.home')} style={{ textDecoration: 'none' }}>
            <BrandLogo size={36} inverted />
          </a>
          {ownerName ? (
            <Stack gap={2}>
              <Text size="sm" c="rgba(255,255,255,0.8)">
                {t('faultPortal.portal.reportsGoTo')}
              </Text>
              <Text fz={24} fw={700} lh={1.25} c="white">
                {ownerName}
              </Text>
            </Stack>
          ) : null}
          <PortalGuidance guidance={guidance} />
        </Stack>
      </Box>

      <div className={classes.main}>
        <PortalHeader />
        <Box component="main" px={{ base: 'md', sm: 48 }} py={{ base: 'md', sm: 40 }} style={{ flex: 1 }}>
          <Box w="100%" maw={720} mx="auto">
            {children}
          </Box>
        </Box>
        <PortalFooter />
      </div>
    </div>
  );
}

// The parts that do not change with the owner or the form are memoised: the page is redrawn as its
// owner and lists arrive on a phone's busiest seconds, and these need not be.

const PortalGuidance = memo(function PortalGuidance({ guidance }: Pick<PortalLayoutProps, 'guidance'>) {
  const { t } = useTranslation();
  return (
    <>
      <List
        spacing="sm"
        center
        icon={
          <ThemeIcon color="white" c="teal.7" radius="xl" size={26}>
            <IconMessageReport size={16} />
          </ThemeIcon>
        }
      >
        {guidance === 'report' ? (
          <>
            <List.Item c="white" icon={<GuideIcon icon={<IconMapPin size={16} />} />}>
              {t('faultPortal.portal.step1')}
            </List.Item>
            <List.Item c="white" icon={<GuideIcon icon={<IconMessageReport size={16} />} />}>
              {t('faultPortal.portal.step2')}
            </List.Item>
            <List.Item c="white" icon={<GuideIcon icon={<IconCamera size={16} />} />}>
              {t('faultPortal.portal.step3')}
            </List.Item>
          </>
        ) : (
          <List.Item c="white">{t('faultPortal.track.guide')}</List.Item>
        )}
      </List>
      <Box visibleFrom="md">
        <PortalIllustration />
      </Box>
      <Text size="xs" c="rgba(255,255,255,0.75)">
        {t('common.copyright', { year: new Date().getFullYear() })}
      </Text>
    </>
  );
});

const PortalHeader = memo(function PortalHeader() {
  const { t } = useTranslation();
  return (
    <Group
      component="header"
      px={{ base: 'md', sm: 48 }}
      py="sm"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Anchor href="/auth" size="sm" fw={600}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('faultPortal.portal.back')}
        </Group>
      </Anchor>
      <Box hiddenFrom="md">
        <a href="/" aria-label={t('common.home')} style={{ textDecoration: 'none', color: 'inherit' }}>
          <BrandLogo size={26} />
        </a>
      </Box>
      <PortalLanguagePicker />
    </Group>
  );
});

const PortalFooter = memo(function PortalFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" px={{ base: 'md', sm: 48 }} py="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {/* The help pages are the app's: plain links, as this page has no router. */}
      <Group gap="md">
        {(['privacy', 'legal', 'contact'] as const).map((name) => (
          <Anchor key={name} href={FOOTER_LINKS[name].to} size="sm" c="dimmed">
            {t(FOOTER_LINKS[name].label)}
          </Anchor>
        ))}
      </Group>
    </Box>
  );
});

function GuideIcon({ icon }: { icon: ReactNode }) {
  return (
    <ThemeIcon color="white" c="teal.7" radius="xl" size={26}>
      {icon}
    </ThemeIcon>
  );
}
