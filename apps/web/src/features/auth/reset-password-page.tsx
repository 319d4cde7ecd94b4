import { makeResetFormSchema } from '@amp/contracts/account';
import { accountOperations } from '@amp/contracts/operations/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { call } from '../../lib/api-call';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { AuthHeading, BackToLoginLink } from './auth-form-parts';

type Outcome = { ok: true } | { ok: false; message: string };

/** Sets a new password from an emailed link: a reset, or the first password after approval. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('auth.reset.title')} · AMP`);
  const { resetToken = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const schema = useMemo(() => makeResetFormSchema(translateMessage), []);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setOutcome(null);
    try {
      // The confirmation never leaves the browser.
      await call(accountOperations.reset, { params: { resetToken }, body: { password } });
      setOutcome({ ok: true });
      reset();
    } catch (error) {
      const tokenInvalid = error instanceof ApiError && error.status === 400 && error.errors.length === 0;
      setOutcome({ ok: false, message: tokenInvalid ? t('AUTH.VALIDATION.TOKEN_INVALID') : t('ERROR.GENERIC') });
    }
  });

  if (outcome?.ok) {
    return (
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {t('auth.reset.title')}
        </Title>
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {t('AUTH.RESET_SUCCESS')}
        </Alert>
        <Button component={Link} to="/auth/login" size="md" fullWidth>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />

      {outcome && !outcome.ok ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap={4}>
            <span>{outcome.message}</span>
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              {t('auth.reset.requestNew')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            {...register('password')}
            label={t('auth.reset.password')}
            description={t('auth.reset.passwordHint')}
            autoComplete="new-password"
            error={errors.password?.message}
            disabled={isSubmitting}
            size="md"
          />
          <PasswordInput
            {...register('confirmPassword')}
            label={t('auth.reset.confirmPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            disabled={isSubmitting}
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>

      <BackToLoginLink />
    </Stack>
  );
}
