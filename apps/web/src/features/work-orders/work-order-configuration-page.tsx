import { makeWoConfigurationSchema, WO_MAX_RECALL_DAYS, WO_MAX_REMINDER_HOURS, type WoConfiguration } from '@amp/contracts/work-order';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { CodePrefixField } from '../../components/data/code-prefix-field';
import { controlledInputProps } from '../../components/data/controlled-input-props';
import { formatDateTime } from '../../components/data/format';
import { QueryContent } from '../../components/data/query-content';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useSavedValuesForm } from '../../components/data/use-saved-values-form';
import { FormSection } from '../../components/forms/form-section';
import { ApprovalLevelsSection } from '../../components/workflow/approval-levels-section';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useSaveWoConfiguration, useWoConfiguration, WO_APPROVAL_LEVELS } from './work-order-admin-api';

/**
 * /work-order/configuration: the owner's approval levels (docs/product.md#approval-levels: "Approvers
 * are assigned per approval level", 9 "Approvals are sequential by cost") and its work order
 * configuration (code prefix, approval reminders and escalation, recall window).
 */
export default function WorkOrderConfigurationPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <Text size="sm" c="dimmed">
        {t('woAdmin.configuration.intro')}
      </Text>
      <ApprovalLevelsSection source={WO_APPROVAL_LEVELS} texts="woAdmin" />
      <ConfigurationSection />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Work order configuration

interface ConfigurationValues {
  codePrefix: string;
  reminderHours: number | string;
  escalationHours: number | string;
  recallDays: number | string;
}

const CONFIGURATION_FIELDS = ['codePrefix', 'reminderHours', 'escalationHours', 'recallDays'];

/** An empty number is no number: the schema says so, rather than taking its default. */
const numberOf = (value: number | string) => (value === '' ? '' : Number(value));

function configurationBodyOf(values: ConfigurationValues) {
  return {
    type: 'wo' as const,
    codePrefix: values.codePrefix.trim().toUpperCase(),
    reminderHours: numberOf(values.reminderHours),
    escalationHours: numberOf(values.escalationHours),
    recallDays: numberOf(values.recallDays),
  };
}

function configurationValuesOf(configuration: WoConfiguration): ConfigurationValues {
  return {
    codePrefix: configuration.codePrefix,
    reminderHours: configuration.reminderHours,
    escalationHours: configuration.escalationHours,
    recallDays: configuration.recallDays,
  };
}

function ConfigurationSection() {
  const { t } = useTranslation();
  const configuration = useWoConfiguration();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('woAdmin.settings.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('woAdmin.settings.intro')}
          </Text>
        </Stack>
        <QueryContent query={configuration} placeholderHeight={360}>
          {(loaded) => <ConfigurationForm configuration={loaded} />}
        </QueryContent>
      </Stack>
    </Paper>
  );
}

function ConfigurationForm({ configuration }: { configuration: WoConfiguration }) {
  const { t } = useTranslation();
  const save = useSaveWoConfiguration();
  const form = useSavedValuesForm({
    values: configurationValuesOf(configuration),
    makeSchema: () => makeWoConfigurationSchema(translateMessage),
    bodyOf: configurationBodyOf,
  });
  const { errors, isDirty } = form.formState;
  const [prefix, recallDays] = form.watch(['codePrefix', 'recallDays']);
  const saved = configuration._id !== null;

  const submit = form.handleSubmit(async () => {
    const body = configurationBodyOf(form.getValues());
    try {
      await save.mutateAsync({
        id: configuration._id,
        body: {
          codePrefix: body.codePrefix,
          reminderHours: Number(body.reminderHours),
          escalationHours: Number(body.escalationHours),
          recallDays: Number(body.recallDays),
        },
      });
      notifySuccess(t('SR.CONFIGURATION_SAVED'));
    } catch (error) {
      applyServerErrors(error, form.setError, CONFIGURATION_FIELDS);
    }
  });

  const numberField = (name: 'reminderHours' | 'escalationHours' | 'recallDays', min: number, max: number, unit: string) => (
    <Controller
      control={form.control}
      name={name}
      render={(controlled) => (
        <NumberInput
          label={t(`woAdmin.field.${name}`)}
          description={t(`woAdmin.settings.${name}Hint`)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              {unit}
            </Text>
          }
          rightSectionWidth={72}
          {...controlledInputProps(controlled)}
          onChange={(value) => {
            controlled.field.onChange(value);
            // The escalation is checked against the reminder: a change to one re-checks the other.
            if (form.formState.isSubmitted && name !== 'recallDays') void form.trigger(['reminderHours', 'escalationHours']);
          }}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        {saved ? null : (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t('woAdmin.settings.defaults')}
          </Alert>
        )}

        <FormSection order={3} title={t('woAdmin.settings.codesSection')}>
          <CodePrefixField
            label={t('woAdmin.field.codePrefix')}
            description={t('woAdmin.settings.codePrefixHint')}
            exampleLabel={t('woAdmin.settings.codeExample')}
            prefix={prefix}
            savedPrefix={configuration.codePrefix}
            defaultPrefix="WO"
            registration={form.register('codePrefix')}
            error={errors.codePrefix?.message}
          />
        </FormSection>

        <FormSection order={3} title={t('woAdmin.settings.approvalSection')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" style={{ alignItems: 'start' }}>
            {numberField('reminderHours', 1, WO_MAX_REMINDER_HOURS, t('woAdmin.settings.hoursUnit'))}
            {numberField('escalationHours', 1, WO_MAX_REMINDER_HOURS, t('woAdmin.settings.hoursUnit'))}
          </SimpleGrid>
        </FormSection>

        <FormSection order={3} title={t('woAdmin.settings.recallSection')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            {numberField('recallDays', 0, WO_MAX_RECALL_DAYS, t('woAdmin.settings.daysUnit'))}
          </SimpleGrid>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="gray" size="sm" radius="xl" aria-hidden>
              <IconInfoCircle size={14} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {Number(recallDays) === 0 && recallDays !== ''
                ? t('woAdmin.settings.recallNever')
                : t('woAdmin.settings.recallExample', { count: Number(recallDays) || 0 })}
            </Text>
          </Group>
        </FormSection>

        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="xs" c="dimmed">
            {saved && configuration.updatedAt
              ? t('woAdmin.settings.savedAt', { date: formatDateTime(configuration.updatedAt) })
              : t('woAdmin.settings.notSaved')}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => form.reset(configurationValuesOf(configuration))}
              disabled={!isDirty || save.isPending}
            >
              {t('woAdmin.settings.undo')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={saved && !isDirty} leftSection={<IconDeviceFloppy size={18} />}>
              {t('woAdmin.settings.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
