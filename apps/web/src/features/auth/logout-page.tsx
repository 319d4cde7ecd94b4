import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import './auth-english';

/** /logout: ends the session on the server, forgets the token, then shows the login page. */
export default function LogoutPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('auth.logout.title')} · AMP`);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  // StrictMode runs effects twice; a second logout call would answer 401 and show "session expired".
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/auth/login', { replace: true }));
  }, [signOut, navigate]);

  return <LoadingOverlay info={t('auth.logout.info')} />;
}
