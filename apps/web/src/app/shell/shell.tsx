import { AppShell, Box, Progress } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { ScrollToTop } from '../../components/scroll-to-top';
import { loadAllTranslations, useTranslation } from '../../lib/i18n';
import type { PageDefinition } from '../../lib/pages';
import { pageHeading } from '../menu';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { SubHeader } from './sub-header';

// The signed-in pages' texts come with the shell, not with the public pages' first script (lib/i18n.ts).
await loadAllTranslations();

/** While a page's chunk loads: a thin bar tells the user the click was heard; the frame stays. */
function PageLoadingBar() {
  return <Progress value={100} animated size={3} radius={0} aria-hidden="true" />;
}

/**
 * The authenticated layout: header, side menu, sub-header, page, footer (docs/product.md#the-signed-in-shell).
 * `page` is the page table's entry of the path (none on the not-found page).
 */
export default function Shell({ page, children }: { page: PageDefinition | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
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
        <Header navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('shell.menu.label')}>
        <SideMenu pageId={page?.id} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <SubHeader heading={heading} />
        <Box component="section" style={{ flex: 1 }}>
          {/* A new boundary per page: a page opened for the first time shows the bar while its chunk loads. */}
          <Suspense key={page?.id ?? pathname} fallback={<PageLoadingBar />}>
            {children}
          </Suspense>
        </Box>
        <Footer />
      </AppShell.Main>
      <ScrollToTop threshold={300} />
    </AppShell>
  );
}
