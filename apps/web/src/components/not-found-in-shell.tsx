import { Button, Center, Stack } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { NotFoundContent } from './not-found-page';

/**
 * An unknown path inside the signed-in area (also a menu entry whose module is still to come):
 * the user stays in the shell, with the menu, and goes back to the dashboard from here.
 */
export default function NotFoundInShell() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <NotFoundContent
          size="shell"
          action={
            <Button component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={18} />}>
              {t('common.notFound.dashboard')}
            </Button>
          }
        />
      </Stack>
    </Center>
  );
}
