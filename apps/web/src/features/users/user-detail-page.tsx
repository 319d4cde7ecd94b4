import { makeUserEditSchema } from '@amp/contracts/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import type { z } from 'zod';
import { ActivityFeed } from '../../components/activity-feed';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDate } from '../../components/data/format';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { RoleField } from './role-select';
import { UserStatusBadge } from './user-status-badge';
import { type StatusChange, UserStatusConfirm } from './user-status-confirm';
import { type UserProfile, useEditUser, useUser } from './users-api';

/** /user/view/:id: one user's details, the edit form, deactivation and their recent activity. */
export default function UserDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useUser(id);

  return (
    <DetailPageFrame
      backTo="/user/view"
      backLabel={t('users.detail.back')}
      query={user}
      skeleton={
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={320} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton height={320} radius="md" />
          </Grid.Col>
        </Grid>
      }
      notFoundTitle={t('users.detail.notFound')}
      notFoundHint={t('users.detail.notFoundHint')}
    >
      {(data) => <UserDetail user={data} />}
    </DetailPageFrame>
  );
}

function UserDetail({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const name = `${user.firstName} ${user.lastName}`;
  const self = user._id === me?._id;
  const inactive = user.status === 'inactive';

  return (
    <>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
            <Stack gap="md">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <Avatar size="lg" radius="xl" color="teal" name={name} />
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Title>
                  <Group gap="xs">
                    <UserStatusBadge status={user.status} />
                    {self ? (
                      <Text size="xs" c="dimmed">
                        {t('users.detail.you')}
                      </Text>
                    ) : null}
                  </Group>
                </Stack>
              </Group>
              <Stack gap="xs">
                <Detail label={t('users.field.email')}>{user.email}</Detail>
                <Detail label={t('users.field.telephone')}>{user.telephone || '–'}</Detail>
                <Detail label={t('users.field.designation')}>{user.designation || '–'}</Detail>
                <Detail label={t('users.field.role')}>{user.role?.name ?? '–'}</Detail>
                <Detail label={t('users.field.organisation')}>{user.organisation?.name ?? '–'}</Detail>
                <Detail label={t('users.column.created')}>{formatDate(user.createdAt)}</Detail>
              </Stack>
              {self ? (
                <Text size="sm" c="dimmed">
                  {t('USER.CANNOT_DEACTIVATE_SELF')}
                </Text>
              ) : inactive ? (
                <Button
                  variant="light"
                  color="teal"
                  leftSection={<IconUserCheck size={18} />}
                  onClick={() => setStatusChange({ user, action: 'reactivate' })}
                >
                  {t('users.reactivate')}
                </Button>
              ) : (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconUserOff size={18} />}
                  onClick={() => setStatusChange({ user, action: 'deactivate' })}
                >
                  {t('users.deactivate')}
                </Button>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <EditUserForm user={user} />
        </Grid.Col>
      </Grid>
      <UserActivity userId={user._id} />
      <UserStatusConfirm change={statusChange} onClose={() => setStatusChange(null)} />
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

const EDIT_FIELDS = ['firstName', 'lastName', 'telephone', 'designation', 'roleId'];

function EditUserForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const location = useLocation();
  const schema = useMemo(() => makeUserEditSchema(translateMessage), []);
  const values = useMemo(
    () => ({
      firstName: user.firstName,
      lastName: user.lastName,
      telephone: user.telephone ?? '',
      designation: user.designation ?? '',
      roleId: user.role?._id ?? '',
    }),
    [user],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: values,
    values,
    // A refetch after saving must not throw away what is being typed in another field.
    resetOptions: { keepDirtyValues: true },
  });
  const edit = useEditUser(user._id);
  const { errors, isDirty } = form.formState;

  // The list's "Edit" action lands here with the form ready to type in.
  const focusEdit = (location.state as { edit?: boolean } | null)?.edit === true;
  useEffect(() => {
    if (focusEdit) form.setFocus('firstName');
  }, [focusEdit, form]);

  const submit = form.handleSubmit((input) =>
    edit.mutateAsync(input).then(
      () => {
        notifySuccess(t('USER.UPDATED'));
        form.reset(input);
      },
      (error) => applyServerErrors(error, form.setError, EDIT_FIELDS),
    ),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('users.detail.editTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('users.field.firstName')} withAsterisk {...form.register('firstName')} error={errors.firstName?.message} />
            <TextInput label={t('users.field.lastName')} withAsterisk {...form.register('lastName')} error={errors.lastName?.message} />
            <TextInput label={t('users.field.telephone')} type="tel" {...form.register('telephone')} error={errors.telephone?.message} />
            <TextInput label={t('users.field.designation')} {...form.register('designation')} error={errors.designation?.message} />
            <RoleField control={form.control} name="roleId" />
            <TextInput
              label={t('users.field.email')}
              value={user.email}
              readOnly
              disabled
              description={t('users.detail.emailFixed')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset(values)} disabled={!isDirty || edit.isPending}>
              {t('users.detail.discard')}
            </Button>
            <Button type="submit" loading={edit.isPending} disabled={!isDirty} leftSection={<IconDeviceFloppy size={18} />}>
              {t('data.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function UserActivity({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('users.activity.title')}
        </Title>
        <ActivityFeed userId={userId} />
      </Stack>
    </Paper>
  );
}
