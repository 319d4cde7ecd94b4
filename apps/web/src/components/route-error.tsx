import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n';

/**
 * What a page that fails to render (or whose chunk cannot be loaded) shows instead of a blank
 * screen: the catalogue's apology and a way to try again. The first script does not hold the
 * catalogue (lib/catalogue-english.ts), hence its English as the default.
 */
function RouteError() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t('ERROR.INTERNAL', { defaultValue: 'Something went wrong on our side. Please try again.' })}
        </Title>
        <Text c="dimmed">{t('common.error.reloadHint', { defaultValue: 'Reload the page; if it happens again, go back home.' })}</Text>
        <Group justify="center">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {t('common.error.reload', { defaultValue: 'Reload' })}
          </Button>
          <Button variant="default" component="a" href="/">
            {t('common.error.home', { defaultValue: 'Home' })}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  pathname: string;
}

class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  // Going to another page leaves the failed one behind.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError />;
  }
}

/** Catches what a page throws while rendering; the error goes to the console. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary pathname={pathname}>{children}</PageErrorBoundary>;
}
