import { makeSrConfigurationSchema, SR_AUTO_CLOSE_MAX_DAYS, type SrConfiguration } from '@amp/contracts/service-request';
import { Alert, Button, Divider, Group, NumberInput, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { CodePrefixField } from '../../components/data/code-prefix-field';
import { controlledInputProps } from '../../components/data/controlled-input-props';
import { formatDateTime } from '../../components/data/format';
import { QueryContent } from '../../components/data/query-content';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useSavedValuesForm } from '../../components/data/use-saved-values-form';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useSaveSrConfiguration, useSrConfiguration } from './service-request-forms-api';

interface ConfigurationValues {
  codePrefix: string;
  notOkayNeedsEvidence: boolean;
  notOkayNeedsLine: boolean;
  autoClose: 'never' | 'days';
  autoCloseDays: number | string;
}

const FIELDS = ['codePrefix', 'notOkayNeedsEvidence', 'notOkayNeedsLine', 'autoCloseDays'];
const DEFAULT_AUTO_CLOSE_DAYS = 14;

function bodyOf(values: ConfigurationValues) {
  return {
    codePrefix: values.codePrefix,
    notOkayNeedsEvidence: values.notOkayNeedsEvidence,
    notOkayNeedsLine: values.notOkayNeedsLine,
    // An empty number is no number: the schema says so, rather than taking it for "never".
    autoCloseDays: values.autoClose === 'never' ? null : values.autoCloseDays === '' ? '' : Number(values.autoCloseDays),
  };
}

function valuesOf(configuration: SrConfiguration): ConfigurationValues {
  return {
    codePrefix: configuration.codePrefix,
    notOkayNeedsEvidence: configuration.notOkayNeedsEvidence,
    notOkayNeedsLine: configuration.notOkayNeedsLine,
    autoClose: configuration.autoCloseDays === null ? 'never' : 'days',
    autoCloseDays: configuration.autoCloseDays ?? DEFAULT_AUTO_CLOSE_DAYS,
  };
}

/**
 * /service-request/configuration: the owner's service request rules: the prefix of its request
 * codes, what a Not Okay observation must carry, and when a resolved request closes by itself.
 * Until saved, the defaults apply (and are shown).
 */
export default function SrConfigurationPage() {
  const { t } = useTranslation();
  const configuration = useSrConfiguration();

  return (
    <Stack gap="md" maw={760}>
      <Text size="sm" c="dimmed">
        {t('srForms.configuration.intro')}
      </Text>
      <QueryContent query={configuration} placeholderHeight={520}>
        {(loaded) => <ConfigurationForm configuration={loaded} />}
      </QueryContent>
    </Stack>
  );
}

function ConfigurationForm({ configuration }: { configuration: SrConfiguration }) {
  const { t } = useTranslation();
  const save = useSaveSrConfiguration();
  const form = useSavedValuesForm({
    values: valuesOf(configuration),
    makeSchema: () => makeSrConfigurationSchema(translateMessage),
    bodyOf,
  });
  const { errors, isDirty } = form.formState;
  const [prefix, autoClose] = form.watch(['codePrefix', 'autoClose']);
  const saved = configuration._id !== null;

  // The values as typed are sent (the resolver's output is the schema's, not the form's).
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      await save.mutateAsync({
        id: configuration._id,
        body: {
          codePrefix: values.codePrefix.trim().toUpperCase(),
          notOkayNeedsEvidence: values.notOkayNeedsEvidence,
          notOkayNeedsLine: values.notOkayNeedsLine,
          autoCloseDays: values.autoClose === 'never' ? null : Number(values.autoCloseDays),
        },
      });
      notifySuccess(t('SR.CONFIGURATION_SAVED'));
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  const switchField = (name: 'notOkayNeedsEvidence' | 'notOkayNeedsLine', text: 'needsEvidence' | 'needsLine') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Switch
          label={t(`srForms.configuration.${text}`)}
          description={t(`srForms.configuration.${text}Hint`)}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="xl">
          {saved ? null : (
            <Alert color="blue" icon={<IconInfoCircle size={18} />}>
              {t('srForms.configuration.defaults')}
            </Alert>
          )}

          <Section title={t('srForms.configuration.codesSection')}>
            <CodePrefixField
              label={t('srForms.field.codePrefix')}
              description={t('srForms.configuration.codePrefixHint')}
              exampleLabel={t('srForms.configuration.codeExample')}
              prefix={prefix}
              savedPrefix={configuration.codePrefix}
              defaultPrefix="SR"
              registration={form.register('codePrefix')}
              error={errors.codePrefix?.message}
            />
            <Text size="xs" c="dimmed">
              {t('srForms.configuration.codePrefixNote')}
            </Text>
          </Section>

          <Section title={t('srForms.configuration.notOkaySection')}>
            <Text size="sm" c="dimmed" mt={-6}>
              {t('srForms.configuration.notOkayHint')}
            </Text>
            {switchField('notOkayNeedsEvidence', 'needsEvidence')}
            {switchField('notOkayNeedsLine', 'needsLine')}
          </Section>

          <Section title={t('srForms.configuration.autoCloseSection')}>
            <Controller
              control={form.control}
              name="autoClose"
              render={({ field }) => (
                <Radio.Group
                  label={t('srForms.configuration.autoCloseLabel')}
                  description={t('srForms.configuration.autoCloseHint')}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    if (form.formState.isSubmitted) void form.trigger('autoCloseDays');
                  }}
                  name={field.name}
                >
                  <Stack gap="sm" mt="xs">
                    <Radio value="never" label={t('srForms.configuration.never')} ref={field.ref} />
                    <Group gap="sm" align="center" wrap="wrap">
                      <Radio value="days" label={t('srForms.configuration.afterDays')} />
                      <Controller
                        control={form.control}
                        name="autoCloseDays"
                        render={(days) => (
                          <NumberInput
                            aria-label={t('srForms.field.autoCloseDays')}
                            disabled={autoClose !== 'days'}
                            min={1}
                            max={SR_AUTO_CLOSE_MAX_DAYS}
                            allowDecimal={false}
                            allowNegative={false}
                            inputMode="numeric"
                            w={170}
                            rightSection={
                              <Text size="sm" c="dimmed" pr="xs">
                                {t('srForms.configuration.daysUnit')}
                              </Text>
                            }
                            rightSectionWidth={64}
                            {...controlledInputProps(days)}
                          />
                        )}
                      />
                    </Group>
                  </Stack>
                </Radio.Group>
              )}
            />
          </Section>

          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="xs" c="dimmed">
              {saved && configuration.updatedAt
                ? t('srForms.configuration.savedAt', { date: formatDateTime(configuration.updatedAt) })
                : t('srForms.configuration.notSaved')}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => form.reset(valuesOf(configuration))} disabled={!isDirty || save.isPending}>
                {t('srForms.configuration.undo')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={saved && !isDirty} leftSection={<IconDeviceFloppy size={18} />}>
                {t('srForms.configuration.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider
        label={
          <Title order={2} size="h5" c="dark">
            {title}
          </Title>
        }
        labelPosition="left"
      />
      {children}
    </Stack>
  );
}
