import { type CurrentUser, LANGUAGES, type Language, makeSettingsSchema } from '@amp/contracts/account';
import { accountOperations } from '@amp/contracts/operations/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Divider, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorText } from '../../components/api-error';
import { call } from '../../lib/api-call';
import { ME_QUERY_KEY } from '../../lib/auth';
import { changeLanguage, LANGUAGE_NAMES, storedLanguage, translateMessage, useTranslation } from '../../lib/i18n';

/** The organisation's zone, chosen by leaving the user's own unset. */
const ORGANISATION_ZONE = '';

/** Every zone the browser knows (IANA names are not translated: "Africa/Lagos" reads the same everywhere). */
const ZONES: string[] = Intl.supportedValuesOf('timeZone');

type Schema = ReturnType<typeof makeSettingsSchema>;

/** Language, time zone and notification settings (POST /v2/settings/{id}). */
export function SettingsForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => makeSettingsSchema(translateMessage), []);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty, isSubmitting },
  } = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      // The page shows the language in use, which may differ from the saved one on a new device.
      language: storedLanguage(),
      notifications: { email: user.settings.notifications.email, inApp: user.settings.notifications.inApp },
      timeZone: user.settings.timeZone,
    },
  });
  const zoneChoices = useMemo(
    () => [
      { value: ORGANISATION_ZONE, label: t('profile.settings.organisationZone', { zone: user.organisation.timeZone }) },
      ...ZONES.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    ],
    [t, user.organisation.timeZone],
  );

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await call(accountOperations.saveSettings, { params: { userId: user._id }, body: values });
      queryClient.setQueriesData({ queryKey: ME_QUERY_KEY }, saved);
      reset(values);
      // docs/product.md#language: a language is applied by reloading the page.
      if (values.language && values.language !== storedLanguage()) {
        changeLanguage(values.language);
        return;
      }
      // So is a zone: every time on the page was formatted in the one before.
      if (values.timeZone !== undefined && values.timeZone !== user.settings.timeZone) {
        window.location.reload();
        return;
      }
      notifications.show({ color: 'teal', message: t('SETTINGS.SAVED') });
    } catch (error) {
      setFailure(apiErrorText(error));
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={480}>
          <Title order={2} fz="lg">
            {t('profile.settings.title')}
          </Title>
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <Select
                label={t('field.Language')}
                description={t('profile.settings.languageHint')}
                data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
                value={field.value ?? null}
                onChange={(value) => field.onChange((value as Language | null) ?? undefined)}
                allowDeselect={false}
              />
            )}
          />
          <Controller
            control={control}
            name="timeZone"
            render={({ field }) => (
              <Select
                label={t('field.Time zone')}
                description={t('profile.settings.timeZoneHint')}
                data={zoneChoices}
                searchable
                limit={50}
                value={field.value ?? ORGANISATION_ZONE}
                onChange={(value) => field.onChange(value ? value : null)}
                allowDeselect={false}
              />
            )}
          />
          <Divider my="xs" />
          <Text fw={600}>{t('profile.settings.notifications')}</Text>
          <Controller
            control={control}
            name="notifications.email"
            render={({ field }) => (
              <Switch
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                label={t('profile.settings.email')}
                description={t('profile.settings.emailHint')}
              />
            )}
          />
          <Controller
            control={control}
            name="notifications.inApp"
            render={({ field }) => (
              <Switch
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                label={t('profile.settings.inApp')}
                description={t('profile.settings.inAppHint')}
              />
            )}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
