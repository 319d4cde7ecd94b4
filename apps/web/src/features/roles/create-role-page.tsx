import { makeRoleCreateSchema } from '@amp/contracts/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { PermissionPicker } from './permission-picker';
import { useCreateRole } from './roles-api';

const EMPTY = { name: '', permissions: [] as string[] };

/**
 * /user/roles/create: a custom role for the organisation. Only the permissions the signed-in
 * user holds are offered, because the API refuses to grant any other (no escalation).
 */
export default function CreateRolePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const held = useMemo(() => new Set(user?.userRole.permission ?? []), [user]);
  const schema = useMemo(() => makeRoleCreateSchema(translateMessage), []);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const create = useCreateRole();

  const submit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (role) => {
        notifySuccess(t('ROLE.CREATED'));
        form.reset(EMPTY);
        navigate(`/user/role/${role._id}`);
      },
      (error) => applyServerErrors(error, form.setError, ['name', 'permissions'], (path) => path.split('.')[0]),
    ),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('roles.create.intro')}
          </Text>
          <TextInput
            label={t('roles.field.name')}
            withAsterisk
            maw={420}
            {...form.register('name')}
            error={form.formState.errors.name?.message}
          />
          <Controller
            control={form.control}
            name="permissions"
            render={({ field, fieldState }) => (
              <PermissionPicker
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  field.onBlur();
                }}
                offered={held}
                editable={held}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset(EMPTY)} disabled={create.isPending}>
              {t('roles.create.reset')}
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconShieldPlus size={18} />}>
              {t('roles.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
