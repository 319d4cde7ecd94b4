import { makeForgotSchema } from '@amp/contracts/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logQuietly, translateApiText } from '../../components/api-error';
import { api } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';

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
      const { message } = await api.post<{ message: string }>('/v2/account/forgot', values);
      setSent(translateApiText(message));
    } catch (error) {
      // SPEC.md section 8: a failure simply re-enables the form.
      logQuietly('requesting a password reset', error);
    }
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {t('auth.forgot.title')}
        </Title>
        <Text c="dimmed">{t('auth.forgot.subtitle')}</Text>
      </Stack>

      {sent ? (
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          {sent}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            {...register('email')}
            label={t('field.Email')}
            type="email"
            autoComplete="email"
            placeholder="name@company.com"
            error={errors.email?.message}
            disabled={isSubmitting}
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>

      <Group justify="center">
        <Anchor component={Link} to="/auth/login" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} />
            {t('auth.backToLogin')}
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
