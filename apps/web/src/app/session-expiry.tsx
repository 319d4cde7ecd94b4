import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { setToken, setUnauthorizedHandler } from '../lib/api';
import { useTranslation } from '../lib/i18n';

let shown = false;
let checkedAfterReload = false;
export const SESSION_EXPIRED_FLAG = 'amp.sessionExpired';

/**
 * The session-expired notice: shown before the reload and again after it, so it must read the same.
 * Its texts are the catalogue's, which the first script does not hold (lib/catalogue-english.ts).
 */
async function showSessionExpired(t: (key: string) => string) {
  await import('../lib/catalogue-english');
  notifications.show({
    id: 'session-expired',
    color: 'red',
    title: t('AUTH.UNAUTHORIZED'),
    message: t('AUTH.SESSION_EXPIRED'),
    autoClose: false,
  });
}

/**
 * docs/product.md#the-session: any 401 shows "Session expired. Please login again" once (not auto-closed),
 * signs the user out and reloads the page.
 */
export function SessionExpiry() {
  const { t } = useTranslation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (shown) return;
      shown = true;
      setToken(null);
      void showSessionExpired(t);
      sessionStorage.setItem(SESSION_EXPIRED_FLAG, '1');
      setTimeout(() => window.location.reload(), 2500);
    });
  }, [t]);
  // After the reload the notice stays until the user closes it. This runs once per page load: were
  // it to run again when translations arrive (a new `t`), it would take the flag before the reload.
  useEffect(() => {
    if (checkedAfterReload) return;
    checkedAfterReload = true;
    if (sessionStorage.getItem(SESSION_EXPIRED_FLAG)) {
      sessionStorage.removeItem(SESSION_EXPIRED_FLAG);
      void showSessionExpired(t);
    }
  }, [t]);
  return null;
}
