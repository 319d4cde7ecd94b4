import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from '../lib/i18n';

/**
 * What a page that fails to render shows instead of the router's developer screen: the
 * catalogue's apology and a way to try again. The error itself goes to the console.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
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
