import { userOperations } from '@amp/contracts/operations/user';
import { makeProfileUpdateSchema } from '@amp/contracts/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { apiErrorText, applyFieldErrors } from '../../components/api-error';
import { call } from '../../lib/api-call';
import { ME_QUERY_KEY } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { profileKey, type UserProfile } from './profile-api';

type Schema = ReturnType<typeof makeProfileUpdateSchema>;
const FIELDS = ['firstName', 'lastName', 'telephone', 'designation'] as const;

export function ProfileEditForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => makeProfileUpdateSchema(translateMessage), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    values: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      telephone: profile.telephone ?? '',
      designation: profile.designation ?? '',
    },
  });

  const save = useMutation({
    mutationFn: (values: z.output<Schema>) => call(userOperations.updateProfile, { params: { id: profile._id }, body: values }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(profileKey(profile._id), updated);
      // The header greets the user by name: reload the current user too.
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      notifications.show({ color: 'teal', message: t('PROFILE.UPDATED') });
      navigate('/user-profile/profile-overview');
    },
    onError: (error) => {
      applyFieldErrors(error, setError, FIELDS);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    await save.mutateAsync(values).catch(() => undefined);
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="lg">
        {t('profile.edit.title')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {save.isError ? <Alert color="red">{apiErrorText(save.error)}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...register('firstName')}
              label={t('field.First name')}
              withAsterisk
              autoComplete="given-name"
              error={errors.firstName?.message}
            />
            <TextInput
              {...register('lastName')}
              label={t('field.Last name')}
              withAsterisk
              autoComplete="family-name"
              error={errors.lastName?.message}
            />
            <TextInput
              {...register('telephone')}
              type="tel"
              label={t('field.Telephone')}
              autoComplete="tel"
              error={errors.telephone?.message}
            />
            <TextInput {...register('designation')} label={t('field.Designation')} error={errors.designation?.message} />
          </SimpleGrid>
          <TextInput label={t('field.Email')} value={profile.email} readOnly disabled description={t('profile.edit.emailFixed')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => navigate('/user-profile/profile-overview')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
