import { makeClusterCreateSchema } from '@amp/contracts/asset';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/data/server-errors';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useStates } from '../../lib/queries/reference';
import type { ClusterInput } from './clusters-api';

export interface ClusterFormValues {
  clusterID: string;
  name: string;
  state: string;
  lga: string;
  address: string;
  description: string;
}

export const EMPTY_CLUSTER: ClusterFormValues = { clusterID: '', name: '', state: '', lga: '', address: '', description: '' };
const FIELDS = Object.keys(EMPTY_CLUSTER);

interface ClusterFormProps {
  initial: ClusterFormValues;
  /** Edit: a blank code keeps the current one rather than generating a new one. */
  editing?: boolean;
  submitLabel: string;
  submitIcon: ReactNode;
  pending: boolean;
  onSubmit(input: ClusterInput): Promise<unknown>;
  onCancel(): void;
}

/** The fields of a cluster (issue 3): code, name, state, LGA of that state, address and description. */
export function ClusterForm({ initial, editing = false, submitLabel, submitIcon, pending, onSubmit, onCancel }: ClusterFormProps) {
  const { t } = useTranslation();
  // The API's own schema, with messages in the reader's language.
  const schema = useMemo(() => makeClusterCreateSchema(translateMessage), []);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const states = useStates();
  const chosenState = useWatch({ control: form.control, name: 'state' });
  const lgaOptions = useMemo(() => states.data?.find((option) => option.alias === chosenState)?.lgas ?? [], [states.data, chosenState]);

  const submit = form.handleSubmit((values) =>
    onSubmit({
      clusterID: values.clusterID ?? '',
      name: values.name,
      state: values.state ?? '',
      lga: values.lga ?? '',
      address: values.address ?? '',
      description: values.description ?? '',
    }).catch((error) => applyServerErrors(error, form.setError, FIELDS)),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={880}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Text c="dimmed" size="sm">
            {editing ? t('clusters.form.editIntro') : t('clusters.form.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('clusters.field.clusterID')}
              description={editing ? t('clusters.field.clusterIDKeep') : t('clusters.field.clusterIDHint')}
              placeholder={editing ? undefined : 'CL-000001'}
              autoComplete="off"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.register('clusterID')}
              error={errors.clusterID?.message}
            />
            <TextInput
              label={t('clusters.field.name')}
              withAsterisk
              autoComplete="off"
              {...form.register('name')}
              error={errors.name?.message}
            />
            <Controller
              control={form.control}
              name="state"
              render={({ field }) => (
                <Select
                  label={t('clusters.field.state')}
                  placeholder={t('clusters.field.statePlaceholder')}
                  searchable
                  clearable
                  nothingFoundMessage={t('clusters.field.nothingFound')}
                  data={(states.data ?? []).map((state) => ({ value: state.alias, label: state.state }))}
                  value={typeof field.value === 'string' && field.value ? field.value : null}
                  onChange={(value) => {
                    field.onChange(value ?? '');
                    // An LGA belongs to one state: a new state clears it.
                    form.setValue('lga', '', { shouldDirty: true });
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.state?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="lga"
              render={({ field }) => (
                <Select
                  label={t('clusters.field.lga')}
                  placeholder={chosenState ? t('clusters.field.lgaPlaceholder') : t('clusters.field.lgaFirst')}
                  searchable
                  clearable
                  disabled={!chosenState}
                  nothingFoundMessage={t('clusters.field.nothingFound')}
                  data={lgaOptions}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.lga?.message}
                />
              )}
            />
          </SimpleGrid>
          <TextInput label={t('clusters.field.address')} {...form.register('address')} error={errors.address?.message} />
          <Textarea
            label={t('clusters.field.description')}
            autosize
            minRows={3}
            maxRows={8}
            {...form.register('description')}
            error={errors.description?.message}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {t('data.cancel')}
            </Button>
            <Button type="submit" loading={pending} leftSection={submitIcon}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
