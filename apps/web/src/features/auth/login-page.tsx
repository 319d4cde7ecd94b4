import { makeLoginSchema } from '@amp/contracts/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { ApiError, api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { AuthEmailInput, AuthHeading } from './auth-form-parts';
import { delay, LOGIN_SUBMIT_DELAY_MS, safeReturnPath } from './auth-helpers';

/** Why a sign-in failed, in words for the user (SPEC.md section 8). */
function loginFailure(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 400) return t('AUTH.VALIDATION.INVALID_LOGIN');
    // Pending or deactivated accounts (403) and too many attempts (429) say so in the API's words.
    if (error.status === 403 || error.status === 429) return translateApiText(error.message);
  }
  return t('ERROR.GENERIC');
}

export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('auth.login.title')} · AMP`);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => makeLoginSchema(translateMessage), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    await delay(LOGIN_SUBMIT_DELAY_MS);
    try {
      const { accessToken } = await api.post<{ accessToken: string }>('/v2/account/login', values);
      signIn(accessToken);
      navigate(safeReturnPath((location.state as { from?: unknown } | null)?.from), { replace: true });
    } catch (error) {
      setFailure(loginFailure(error, t));
    }
  });

  return (
    <Stack gap="lg">
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />

      {failure ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {failure}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AuthEmailInput {...register('email')} error={errors.email?.message} disabled={isSubmitting} />
          <PasswordInput
            {...register('password')}
            label={t('field.Password')}
            autoComplete="current-password"
            error={errors.password?.message}
            disabled={isSubmitting}
            size="md"
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={isSubmitting}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>

      <Text size="sm" ta="center">
        {t('auth.login.noAccount')}{' '}
        <Anchor component={Link} to="/auth/registration" fw={600}>
          {t('auth.login.signUp')}
        </Anchor>
      </Text>
    </Stack>
  );
}
