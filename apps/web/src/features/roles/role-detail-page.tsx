import { makeRolePermissionSchema } from '@amp/contracts/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDate } from '../../components/data/format';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { inCatalogueOrder } from './permission-groups';
import { PermissionPicker } from './permission-picker';
import { type Role, useRole, useUpdateRolePermissions } from './roles-api';

/** /user/role/:id: one role and its permissions; custom roles can be changed, system roles only read. */
export default function RoleDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const role = useRole(id);

  return (
    <DetailPageFrame
      backTo="/user/role"
      backLabel={t('roles.detail.back')}
      query={role}
      skeleton={
        <Stack gap="md">
          <Skeleton height={90} radius="md" />
          <Skeleton height={360} radius="md" />
        </Stack>
      }
      notFoundTitle={t('roles.detail.notFound')}
      notFoundHint={t('roles.detail.notFoundHint')}
    >
      {(data) => <RoleDetail role={data} />}
    </DetailPageFrame>
  );
}

function RoleDetail({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const held = useMemo(() => new Set(user?.userRole.permission ?? []), [user]);
  // What the role already has stays visible even when the signed-in user does not hold it (shown locked).
  const offered = useMemo(() => (role.system ? new Set(role.permission) : new Set([...held, ...role.permission])), [role, held]);
  const schema = useMemo(() => makeRolePermissionSchema(translateMessage), []);
  const values = useMemo(() => ({ permissions: inCatalogueOrder(role.permission) }), [role]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    // defaultValues for the first render, values to follow the role when it is refetched.
    defaultValues: values,
    values,
  });
  const update = useUpdateRolePermissions(role._id);
  const { isDirty } = form.formState;

  const submit = form.handleSubmit((input) =>
    update.mutateAsync(input.permissions).then(
      (saved) => {
        notifySuccess(t('ROLE.UPDATED'));
        form.reset({ permissions: inCatalogueOrder(saved?.permission ?? input.permissions) });
      },
      (error) => applyServerErrors(error, form.setError, ['permissions'], (path) => path.split('.')[0]),
    ),
  );

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={2} size="h3">
                {role.name}
              </Title>
              <Badge variant="light" color={role.system ? 'gray' : 'teal'}>
                {role.system ? t('roles.system') : t('roles.custom')}
              </Badge>
            </Group>
            <Group gap="lg">
              <Text size="sm" c="dimmed">
                {t('roles.list.permissionCount', { count: role.permission.length })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('roles.list.userCount', { count: role.userCount ?? 0 })}
              </Text>
              {role.createdAt ? (
                <Text size="sm" c="dimmed">
                  {t('roles.detail.created', { date: formatDate(role.createdAt) })}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
      </Paper>

      {role.system ? (
        <Alert color="gray" icon={<IconLock size={18} />}>
          {t('ROLE.SYSTEM_READONLY')}
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={3} size="h4">
              {t('roles.detail.permissions')}
            </Title>
            <Controller
              control={form.control}
              name="permissions"
              render={({ field, fieldState }) => (
                <PermissionPicker
                  value={field.value}
                  onChange={field.onChange}
                  offered={offered}
                  editable={held}
                  readOnly={role.system}
                  error={fieldState.error?.message}
                />
              )}
            />
            {role.system ? null : (
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => form.reset(values)} disabled={!isDirty || update.isPending}>
                  {t('roles.detail.discard')}
                </Button>
                <Button type="submit" loading={update.isPending} disabled={!isDirty} leftSection={<IconDeviceFloppy size={18} />}>
                  {t('data.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
    </>
  );
}
