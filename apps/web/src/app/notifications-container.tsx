import { MantineThemeProvider } from '@mantine/core';
import { Notifications as MantineNotifications, type NotificationsProps } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from '../lib/i18n';
import classes from './notifications-container.module.css';

/**
 * Mantine's toasts container on its own, so app.tsx can load it with the first toast. Every toast's
 * close button is named (it shows only a cross), in the reader's language.
 */
export function Notifications(props: NotificationsProps) {
  const { t } = useTranslation();
  const theme = useMemo(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.closeNotification') } } } } }),
    [t],
  );
  return (
    <MantineThemeProvider theme={theme}>
      <MantineNotifications {...props} classNames={{ root: classes.root }} />
    </MantineThemeProvider>
  );
}
