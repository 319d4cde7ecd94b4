import { AppShell, Box, Progress } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { ScrollToTop } from '../../components/scroll-to-top';
import { loadAllTranslations, useTranslation } from '../../lib/i18n';
import { currentHandle } from '../../lib/pages';
import { pageHeading } from '../menu';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { SubHeader } from './sub-header';

// The signed-in pages' texts come with the shell, not with the public pages' first script (lib/i18n.ts).
await loadAllTranslations();

/** The authenticated layout: header, side menu, sub-header, page, footer (SPEC.md section 2.2). */
export default function Shell() {
  const { t } = useTranslation();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const page = currentHandle(useMatches())?.page;
  const heading = pageHeading(page, pathname);
  useDocumentTitle(`${t(heading.title)} · AMP`);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      bg="var(--mantine-color-gray-0)"
    >
      <AppShell.Header>
        {/* Pages load lazily; a thin bar tells the user the click was heard. */}
        {navigation.state === 'loading' ? (
          <Progress value={100} animated size={3} radius={0} pos="absolute" top={0} left={0} right={0} aria-hidden="true" />
        ) : null}
        <Header navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('shell.menu.label')}>
        <SideMenu pageId={page?.id} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <SubHeader heading={heading} />
        <Box component="section" style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <Footer />
      </AppShell.Main>
      <ScrollToTop threshold={300} />
    </AppShell>
  );
}
