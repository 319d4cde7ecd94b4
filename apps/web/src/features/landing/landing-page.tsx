import { Anchor, Badge, Box, Burger, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import {
  IconArrowRight,
  IconBuildingFactory2,
  IconBuildingStore,
  IconChartBar,
  IconClipboardCheck,
  IconHeadset,
  IconMessageReport,
  IconPackages,
  IconReceipt,
  IconShieldCheck,
  IconTool,
  IconTruckDelivery,
  IconUserCog,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { AppStoreLinks } from '../../components/app-store-links';
import { BrandLogo } from '../../components/brand-logo';
import { FooterLink } from '../../components/footer-links';
import { ScrollToTop } from '../../components/scroll-to-top';
import { useAuth } from '../../lib/auth';
import { addEnglish, useTranslation } from '../../lib/i18n';
import landingEnglish from '../../locales/en/landing.json';
import { HeroIllustration, PhoneIllustration } from './landing-illustrations';

// This page's English comes with it rather than with every page's first script (lib/i18n.ts).
addEnglish(landingEnglish);

// The phone menu's drawer (focus trap, scroll lock, transitions) loads when it is first opened, not
// with the page.
const Drawer = lazy(() => import('./landing-drawer'));

/** The sticky header's height; sections scroll to just below it. */
const HEADER_HEIGHT = 68;

const FEATURES: { key: string; icon: TablerIcon; color: string }[] = [
  { key: 'assets', icon: IconPackages, color: 'teal' },
  { key: 'faults', icon: IconMessageReport, color: 'orange' },
  { key: 'serviceRequests', icon: IconClipboardCheck, color: 'blue' },
  { key: 'workOrders', icon: IconTool, color: 'grape' },
  { key: 'procurement', icon: IconReceipt, color: 'cyan' },
  { key: 'reports', icon: IconChartBar, color: 'indigo' },
];

const STAKEHOLDERS: { key: string; icon: TablerIcon }[] = [
  { key: 'owners', icon: IconBuildingFactory2 },
  { key: 'mro', icon: IconUserCog },
  { key: 'imo', icon: IconUsersGroup },
  { key: 'technicians', icon: IconTool },
  { key: 'suppliers', icon: IconTruckDelivery },
  { key: 'admins', icon: IconShieldCheck },
];

const STATS = ['companies', 'assets', 'uptime', 'support'] as const;

function NavLinks({ onClick, vertical = false }: { onClick?: () => void; vertical?: boolean }) {
  const { t } = useTranslation();
  const links = [
    { href: '#features', label: t('landing.nav.features') },
    { href: '#stakeholders', label: t('landing.nav.stakeholders') },
  ];
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={vertical ? 'md' : 'xl'}>
      {links.map((link) => (
        <Anchor key={link.href} href={link.href} c="dark.6" fw={500} underline="never" onClick={onClick}>
          {link.label}
        </Anchor>
      ))}
      <Anchor component={Link} to="/help" c="dark.6" fw={500} underline="never" onClick={onClick}>
        {t('landing.nav.help')}
      </Anchor>
      <Anchor component={Link} to="/help/guides" c="dark.6" fw={500} underline="never" onClick={onClick}>
        {t('landing.nav.guides')}
      </Anchor>
    </Wrapper>
  );
}

function AccountButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  // docs/product.md#landing-page: Sign In, or "Welcome {firstName}" linking to the dashboard.
  if (user) {
    return (
      <Button component={Link} to="/dashboard" variant="light" fullWidth={fullWidth} rightSection={<IconArrowRight size={16} />}>
        {t('landing.nav.welcome', { firstName: user.firstName })}
      </Button>
    );
  }
  return (
    <Button component={Link} to="/auth/login" fullWidth={fullWidth}>
      {t('landing.nav.signIn')}
    </Button>
  );
}

function LandingHeader() {
  const { t } = useTranslation();
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [opened, { toggle, close }] = useDisclosure(false, { onOpen: () => setDrawerWanted(true) });
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      h={HEADER_HEIGHT}
      style={{
        zIndex: 100,
        background: 'rgba(255,255,255,0.92)',
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" aria-label={t('common.home')} style={{ textDecoration: 'none', color: 'inherit' }}>
            <BrandLogo size={34} />
          </Link>
          <Box component="nav" aria-label={t('landing.nav.label')} visibleFrom="md">
            <NavLinks />
          </Box>
          <Box visibleFrom="md">
            <AccountButton />
          </Box>
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            aria-label={opened ? t('landing.nav.closeMenu') : t('landing.nav.openMenu')}
          />
        </Group>
      </Container>
      {drawerWanted && (
        <Suspense fallback={null}>
          <Drawer opened={opened} onClose={close} size="xs" position="right" title={<BrandLogo size={28} />} hiddenFrom="md">
            <Stack gap="xl" component="nav" aria-label={t('landing.nav.label')}>
              <NavLinks vertical onClick={close} />
              <AccountButton fullWidth />
            </Stack>
          </Drawer>
        </Suspense>
      )}
    </Box>
  );
}

function SectionHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <Stack align="center" gap="sm" ta="center" maw={680} mx="auto" mb={48}>
      <Badge variant="light" size="lg" radius="sm">
        {eyebrow}
      </Badge>
      <Title order={2} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      <Text c="dimmed" fz="lg">
        {text}
      </Text>
    </Stack>
  );
}

export default function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(`AMP · ${t('landing.tagline')}`);

  return (
    <Box bg="white" style={{ minHeight: '100dvh' }}>
      <LandingHeader />

      <Box component="main">
        {/* Hero */}
        <Box style={{ background: 'linear-gradient(180deg, var(--mantine-color-teal-0) 0%, #ffffff 100%)' }}>
          <Container size="lg" py={{ base: 48, md: 88 }}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
              <Stack gap="lg">
                <Badge variant="light" size="lg" radius="sm" style={{ alignSelf: 'flex-start' }}>
                  {t('landing.hero.eyebrow')}
                </Badge>
                <Title order={1} fz={{ base: 34, sm: 46, md: 52 }} lh={1.1} style={{ letterSpacing: '-0.02em' }}>
                  {t('landing.hero.title')}{' '}
                  <Text component="span" inherit c="teal.7">
                    {t('landing.hero.highlight')}
                  </Text>
                </Title>
                <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={520}>
                  {t('landing.hero.text')}
                </Text>
                <Group gap="sm">
                  <Button component={Link} to="/auth/registration" size="lg" rightSection={<IconArrowRight size={18} />}>
                    {t('landing.hero.getStarted')}
                  </Button>
                  <Button component="a" href="#features" size="lg" variant="default">
                    {t('landing.hero.learnMore')}
                  </Button>
                </Group>
              </Stack>
              <Box ta="center">
                <HeroIllustration />
              </Box>
            </SimpleGrid>
          </Container>
        </Box>

        {/* Stats */}
        <Container size="lg" py={40}>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
            {STATS.map((stat) => (
              <Stack key={stat} gap={2} ta="center">
                <Text fw={800} fz={{ base: 30, sm: 40 }} c="teal.7" lh={1.1}>
                  {t(`landing.stats.${stat}.value`)}
                </Text>
                <Text c="dimmed" fw={500}>
                  {t(`landing.stats.${stat}.label`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>

        {/* Features */}
        <Box id="features" py={{ base: 56, md: 88 }} bg="var(--mantine-color-gray-0)" style={{ scrollMarginTop: HEADER_HEIGHT }}>
          <Container size="lg">
            <SectionHeading eyebrow={t('landing.features.eyebrow')} title={t('landing.features.title')} text={t('landing.features.text')} />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {FEATURES.map(({ key, icon: Icon, color }) => (
                <Card key={key} padding="xl" radius="lg" withBorder shadow="xs">
                  <ThemeIcon size={52} radius="md" variant="light" color={color}>
                    <Icon size={28} stroke={1.6} />
                  </ThemeIcon>
                  <Title order={3} fz="lg" mt="md">
                    {t(`landing.features.${key}.title`)}
                  </Title>
                  <Text c="dimmed" mt="xs" size="sm" lh={1.6}>
                    {t(`landing.features.${key}.text`)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        {/* Stakeholders */}
        <Box id="stakeholders" py={{ base: 56, md: 88 }} style={{ scrollMarginTop: HEADER_HEIGHT }}>
          <Container size="lg">
            <SectionHeading
              eyebrow={t('landing.stakeholders.eyebrow')}
              title={t('landing.stakeholders.title')}
              text={t('landing.stakeholders.text')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {STAKEHOLDERS.map(({ key, icon: Icon }) => (
                <Card key={key} padding="xl" radius="lg" withBorder>
                  <Group gap="md" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={44} radius="xl" variant="gradient" gradient={{ from: 'teal.6', to: 'cyan.9', deg: 135 }}>
                      <Icon size={22} stroke={1.7} />
                    </ThemeIcon>
                    <Box>
                      <Title order={3} fz="md">
                        {t(`landing.stakeholders.${key}.title`)}
                      </Title>
                      <Text c="dimmed" mt={6} size="sm" lh={1.6}>
                        {t(`landing.stakeholders.${key}.text`)}
                      </Text>
                    </Box>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        {/* Mobile apps */}
        <Box
          py={{ base: 56, md: 80 }}
          style={{ background: 'linear-gradient(135deg, var(--mantine-color-teal-8) 0%, var(--mantine-color-cyan-9) 100%)' }}
        >
          <Container size="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
              <Stack gap="lg" c="white">
                <Badge color="white" c="teal.8" size="lg" radius="sm" style={{ alignSelf: 'flex-start' }}>
                  {t('landing.mobile.eyebrow')}
                </Badge>
                <Title order={2} c="white" fz={{ base: 28, sm: 36 }}>
                  {t('landing.mobile.title')}
                </Title>
                <Text c="rgba(255,255,255,0.88)" fz="lg">
                  {t('landing.mobile.text')}
                </Text>
                <AppStoreLinks variant="light" />
              </Stack>
              <Box ta="center">
                <PhoneIllustration />
              </Box>
            </SimpleGrid>
          </Container>
        </Box>

        {/* Call to action */}
        <Container size="md" py={{ base: 56, md: 88 }}>
          <Card radius="xl" padding="xl" bg="var(--mantine-color-teal-0)" style={{ border: '1px solid var(--mantine-color-teal-2)' }}>
            <Stack align="center" ta="center" gap="md" py="lg">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconBuildingStore size={30} />
              </ThemeIcon>
              <Title order={2} fz={{ base: 26, sm: 32 }}>
                {t('landing.cta.title')}
              </Title>
              <Text c="dimmed" maw={540}>
                {t('landing.cta.text')}
              </Text>
              <Button component={Link} to="/auth/registration" size="lg" rightSection={<IconArrowRight size={18} />}>
                {t('landing.cta.button')}
              </Button>
            </Stack>
          </Card>
        </Container>
      </Box>

      <Box component="footer" bg="dark.8" c="gray.4" py={48}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
            <Stack gap="sm">
              <BrandLogo size={30} inverted />
              <Text size="sm">{t('landing.footer.about')}</Text>
            </Stack>
            <Stack gap={8}>
              <Text fw={600} c="white">
                {t('landing.footer.product')}
              </Text>
              <Anchor href="#features" c="gray.4" size="sm">
                {t('landing.nav.features')}
              </Anchor>
              <Anchor href="#stakeholders" c="gray.4" size="sm">
                {t('landing.nav.stakeholders')}
              </Anchor>
              <Anchor component={Link} to="/auth/registration" c="gray.4" size="sm">
                {t('landing.hero.getStarted')}
              </Anchor>
            </Stack>
            <Stack gap={8}>
              <Text fw={600} c="white">
                {t('landing.footer.support')}
              </Text>
              <FooterLink name="help" c="gray.4" />
              <Anchor component={Link} to="/help/guides" c="gray.4" size="sm">
                {t('landing.nav.guides')}
              </Anchor>
              <FooterLink name="contact" c="gray.4" />
            </Stack>
            <Stack gap={8}>
              <Text fw={600} c="white">
                {t('landing.footer.legal')}
              </Text>
              <FooterLink name="privacy" c="gray.4" />
              <FooterLink name="legal" c="gray.4" />
              <Group gap={6} mt={4}>
                <IconHeadset size={16} />
                <Text size="sm">{t('landing.footer.support247')}</Text>
              </Group>
            </Stack>
          </SimpleGrid>
          <Text size="xs" mt={40} pt="md" style={{ borderTop: '1px solid var(--mantine-color-dark-5)' }}>
            {t('common.copyright', { year: new Date().getFullYear() })}
          </Text>
        </Container>
      </Box>

      <ScrollToTop threshold={100} />
    </Box>
  );
}
