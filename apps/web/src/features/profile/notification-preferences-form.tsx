import {
  EMAIL_DELIVERIES,
  type EmailDelivery,
  type NotificationPreference,
  type NotificationPreferencesInput,
  notificationPreferencesInput,
} from '@amp/contracts/notification';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Box, Button, Card, Flex, Group, Select, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiErrorText, applyFieldErrors } from '../../components/api-error';
import { ListEmpty, ListError } from '../../components/data/list-feedback';
import { RichText } from '../../components/rich-text';
import { useTranslation } from '../../lib/i18n';
import { eventLabelKey } from './event-label';
import { useNotificationPreferences, useSaveNotificationPreferences } from './profile-api';
import { profilePages } from './profile-pages';

const EMAIL_LABELS: Record<EmailDelivery, string> = {
  instant: 'profile.notifications.email.instant',
  digest: 'profile.notifications.email.digest',
  off: 'profile.notifications.email.off',
};

/** /user-profile/notifications: per event, whether it shows under the bell and how it comes by email. */
export function NotificationPreferencesForm() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg">
        {t('profile.notifications.title')}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="lg">
        <RichText
          textKey="profile.notifications.accountWide"
          components={{ settings: <Anchor component={Link} to={profilePages.settings.path} inherit /> }}
        />
      </Text>
      {preferences.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <Skeleton key={index} height={44} radius="md" />
          ))}
        </Stack>
      ) : preferences.isError ? (
        <ListError error={preferences.error} onRetry={() => preferences.refetch()} />
      ) : preferences.data.length === 0 ? (
        <ListEmpty title={t('profile.notifications.none')} />
      ) : (
        <PreferenceRows initial={preferences.data} />
      )}
    </Card>
  );
}

function PreferenceRows({ initial }: { initial: NotificationPreference[] }) {
  const { t } = useTranslation();
  const save = useSaveNotificationPreferences();
  const [failure, setFailure] = useState<string | null>(null);
  const emailOptions = useMemo(() => EMAIL_DELIVERIES.map((value) => ({ value, label: t(EMAIL_LABELS[value]) })), [t]);
  // The form starts from the loaded list once; a refetch in the background never overwrites unsaved choices.
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<NotificationPreferencesInput>({
    resolver: zodResolver(notificationPreferencesInput),
    defaultValues: { preferences: initial },
  });
  const fields = useMemo(
    () =>
      initial.flatMap((_, index) =>
        (['event', 'inApp', 'email'] as const).map((name) => `preferences.${index}.${name}` as Path<NotificationPreferencesInput>),
      ),
    [initial],
  );
  const saving = save.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(values);
      reset({ preferences: saved });
      notifications.show({ color: 'teal', message: t('profile.notifications.saved') });
    } catch (error) {
      // The choices stay as they are, so saving again is one click. The message sits beside the
      // button (the list is long), and a catalogue field error also beside its row's control.
      applyFieldErrors(error, setError, fields);
      setFailure(apiErrorText(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Box>
          {initial.map((preference, index) => {
            const labelId = `notification-event-${preference.event.replace('.', '-')}`;
            const rowErrors = errors.preferences?.[index];
            return (
              <Stack
                key={preference.event}
                role="group"
                aria-labelledby={labelId}
                gap="xs"
                py="md"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
              >
                <Text id={labelId} fw={500}>
                  {t(eventLabelKey(preference.event))}
                </Text>
                {rowErrors?.event?.message ? (
                  <Text c="red" size="sm">
                    {rowErrors.event.message}
                  </Text>
                ) : null}
                {/* On a phone the two controls stack; from the sm breakpoint they share a line. */}
                <Flex
                  direction={{ base: 'column', sm: 'row' }}
                  align={{ base: 'stretch', sm: 'flex-end' }}
                  gap={{ base: 'sm', sm: 'xl' }}
                  wrap="wrap"
                >
                  <Controller
                    control={control}
                    name={`preferences.${index}.inApp`}
                    render={({ field }) => (
                      // As high as the select's input beside it, so the two line up.
                      <Flex mih={{ sm: 36 }} align="center">
                        <Switch
                          ref={field.ref}
                          name={field.name}
                          checked={field.value}
                          onChange={(event) => field.onChange(event.currentTarget.checked)}
                          onBlur={field.onBlur}
                          disabled={saving}
                          label={t('profile.notifications.inApp')}
                          error={rowErrors?.inApp?.message}
                        />
                      </Flex>
                    )}
                  />
                  <Controller
                    control={control}
                    name={`preferences.${index}.email`}
                    render={({ field }) => (
                      <Select
                        ref={field.ref}
                        name={field.name}
                        value={field.value}
                        onChange={(value) => field.onChange((value as EmailDelivery | null) ?? field.value)}
                        onBlur={field.onBlur}
                        disabled={saving}
                        label={t('profile.notifications.email')}
                        data={emailOptions}
                        allowDeselect={false}
                        w={{ base: '100%', sm: 340 }}
                        // A long choice on a narrow phone ends in an ellipsis instead of being cut off.
                        styles={{ input: { textOverflow: 'ellipsis' } }}
                        error={rowErrors?.email?.message}
                      />
                    )}
                  />
                </Flex>
              </Stack>
            );
          })}
        </Box>
        {failure ? <Alert color="red">{failure}</Alert> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={!isDirty}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
