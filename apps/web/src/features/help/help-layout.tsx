import { Anchor, Box, Button, Container, Group, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { FooterLinkRow } from '../../components/footer-links';
import { ScrollToTop } from '../../components/scroll-to-top';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import './help-english';
import classes from './help.module.css';
import { HELP_HOME, SEARCH_PARAM } from './help-paths';
import { HelpSidebar } from './help-sidebar';

/**
 * The search box of the header (docs/product.md#help-center). Its text lives in the home page's address (?q=), so
 * a search can be shared and Back returns to it; typing on another help page goes to the home page.
 */
function GuideSearch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inUrl = pathname === HELP_HOME ? (params.get(SEARCH_PARAM) ?? '') : '';
  const [value, setValue] = useState(inUrl);
  // What this box last put in the address: only a change from elsewhere (a link, Back) replaces the
  // text, so a slow navigation never undoes a keystroke typed meanwhile.
  const written = useRef(inUrl);
  useEffect(() => {
    if (inUrl === written.current) return;
    written.current = inUrl;
    setValue(inUrl);
  }, [inUrl]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    setValue(next);
    written.current = next.trim();
    const search = next.trim() ? `?${new URLSearchParams({ [SEARCH_PARAM]: next.trim() })}` : '';
    navigate({ pathname: HELP_HOME, search }, { replace: pathname === HELP_HOME });
  };

  return (
    <TextInput
      type="search"
      value={value}
      onChange={onChange}
      placeholder={t('help.search.placeholder')}
      aria-label={t('help.search.label')}
      leftSection={<IconSearch size={16} aria-hidden />}
      radius="xl"
    />
  );
}

function AccountLink() {
  const { t } = useTranslation();
  const { token } = useAuth();
  return token ? (
    <Button component={Link} to="/dashboard" variant="light" size="sm">
      {t('help.dashboard')}
    </Button>
  ) : (
    <Button component={Link} to="/auth/login" size="sm">
      {t('help.signIn')}
    </Button>
  );
}

/** The frame of every help page: header with search, the topics, the page, and the footer. */
export default function HelpLayout() {
  const { t } = useTranslation();
  return (
    <Box bg="var(--mantine-color-gray-0)" style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" py="sm">
          {/* One search box: beside the logo on wide screens, on a row of its own on a phone. */}
          <div className={classes.headerBar}>
            <Group gap="md" wrap="nowrap" className={classes.brand}>
              <Link to="/" aria-label={t('common.home')} style={{ textDecoration: 'none', color: 'inherit' }}>
                <BrandLogo size={30} />
              </Link>
              <Text fw={600} c="dimmed" visibleFrom="sm">
                {t('help.title')}
              </Text>
            </Group>
            <div className={classes.search}>
              <GuideSearch />
            </div>
            <Group gap="sm" wrap="nowrap" justify="flex-end" className={classes.actions}>
              <Anchor component={Link} to="/" size="sm" fw={500}>
                <Group gap={4} wrap="nowrap" component="span">
                  <IconArrowLeft size={16} aria-hidden />
                  {t('help.backHome')}
                </Group>
              </Anchor>
              <AccountLink />
            </Group>
          </div>
        </Container>
      </Box>

      <Container size="xl" w="100%" py={{ base: 'md', md: 'xl' }} style={{ flex: 1 }}>
        <Box style={{ display: 'flex', gap: 32, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box component="aside" w={{ base: '100%', md: 250 }} style={{ flexShrink: 0 }}>
            <HelpSidebar />
          </Box>
          <Box component="main" style={{ flex: '1 1 480px', minWidth: 0 }}>
            <Outlet />
          </Box>
        </Box>
      </Container>

      <Box component="footer" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" py="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('common.copyright', { year: new Date().getFullYear() })}
            </Text>
            <FooterLinkRow names={['help', 'privacy', 'legal', 'contact']} />
          </Group>
        </Container>
      </Box>
      <ScrollToTop threshold={100} />
    </Box>
  );
}
