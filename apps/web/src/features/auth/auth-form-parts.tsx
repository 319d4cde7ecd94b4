import { Anchor, Group, Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';

/** The title and subtitle every sign-in page opens with. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Text c="dimmed">{subtitle}</Text>
    </Stack>
  );
}

/** The email field of the login and forgot-password forms; spread `register('email')` into it. */
export function AuthEmailInput(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('field.Email')} type="email" autoComplete="email" placeholder="name@company.com" size="md" {...props} />;
}

export function BackToLoginLink() {
  const { t } = useTranslation();
  return (
    <Group justify="center">
      <Anchor component={Link} to="/auth/login" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('auth.backToLogin')}
        </Group>
      </Anchor>
    </Group>
  );
}
