import { makeForgotSchema } from '@amp/contracts/account';
import { accountOperations } from '@amp/contracts/operations/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { logQuietly, translateApiText } from '../../components/api-error';
import { call } from '../../lib/api-call';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { AuthEmailInput, AuthHeading, BackToLoginLink } from './auth-form-parts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('auth.forgot.title')} · AMP`);
  const [sent, setSent] = useState<string | null>(null);
  const schema = useMemo(() => makeForgotSchema(translateMessage), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await call(accountOperations.forgot, { body: values });
      setSent(translateApiText(message));
    } catch (error) {
      // docs/product.md#forgotten-and-new-passwords: a failure simply re-enables the form.
      logQuietly('requesting a password reset', error);
    }
  });

  return (
    <Stack gap="lg">
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />

      {sent ? (
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          {sent}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AuthEmailInput {...register('email')} error={errors.email?.message} disabled={isSubmitting} />
          <Button type="submit" size="md" fullWidth loading={isSubmitting}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>

      <BackToLoginLink />
    </Stack>
  );
}
