import { makeChangePasswordSchema } from '@amp/contracts/account';
import { accountOperations } from '@amp/contracts/operations/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiErrorText, applyFieldErrors, translateApiText } from '../../components/api-error';
import { call } from '../../lib/api-call';
import { translateMessage, useTranslation } from '../../lib/i18n';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => makeChangePasswordSchema(translateMessage), []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await call(accountOperations.changePassword, { body: values });
      reset();
      notifications.show({ color: 'teal', message: translateApiText(message) });
    } catch (error) {
      // A wrong current password comes back as a field error; anything else is shown above the form.
      if (!applyFieldErrors(error, setError, FIELDS)) setFailure(apiErrorText(error));
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg">
        {t('profile.password.title')}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="lg">
        {t('profile.password.text')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={440}>
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <PasswordInput
            {...register('currentPassword')}
            label={t('profile.password.current')}
            autoComplete="current-password"
            withAsterisk
            error={errors.currentPassword?.message}
          />
          <PasswordInput
            {...register('password')}
            label={t('profile.password.new')}
            description={t('auth.reset.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            error={errors.password?.message}
          />
          <PasswordInput
            {...register('confirmPassword')}
            label={t('profile.password.confirm')}
            autoComplete="new-password"
            withAsterisk
            error={errors.confirmPassword?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
