import { makeUserCreateSchema } from '@amp/contracts/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { RoleField } from './role-select';
import { useCreateUser } from './users-api';

const EMPTY = { firstName: '', lastName: '', email: '', telephone: '', designation: '', roleId: '' };
const FIELDS = Object.keys(EMPTY);

/** /user/add: an organisation admin adds a staff member, who is emailed a link to set a password. */
export default function AddUserPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The same schema as the API, with messages in the reader's language.
  const schema = useMemo(() => makeUserCreateSchema(translateMessage), []);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const create = useCreateUser(user?._id ?? '');
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      () => {
        notifySuccess(t('USER.CREATED'));
        form.reset(EMPTY);
      },
      (error) => applyServerErrors(error, form.setError, FIELDS),
    ),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={880}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Text c="dimmed" size="sm">
            {t('users.add.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('users.field.firstName')}
              withAsterisk
              autoComplete="off"
              {...form.register('firstName')}
              error={errors.firstName?.message}
            />
            <TextInput
              label={t('users.field.lastName')}
              withAsterisk
              autoComplete="off"
              {...form.register('lastName')}
              error={errors.lastName?.message}
            />
            <TextInput
              label={t('users.field.email')}
              withAsterisk
              type="email"
              autoComplete="off"
              {...form.register('email')}
              error={errors.email?.message}
            />
            <TextInput label={t('users.field.telephone')} type="tel" {...form.register('telephone')} error={errors.telephone?.message} />
            <TextInput label={t('users.field.designation')} {...form.register('designation')} error={errors.designation?.message} />
            <RoleField control={form.control} name="roleId" />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset(EMPTY)} disabled={create.isPending}>
              {t('users.add.reset')}
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconUserPlus size={18} />}>
              {t('users.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
