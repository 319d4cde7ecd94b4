import { makeClusterCreateSchema } from '@amp/contracts/asset';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/data/server-errors';
import { CancelSubmitButtons } from '../../components/forms/form-buttons';
import { StateLgaFields, type StateLgaTexts } from '../../components/forms/state-lga-fields';
import { translateMessage, useTranslation } from '../../lib/i18n';
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
const CLUSTER_TEXTS: StateLgaTexts = { field: 'clusters.field', form: 'clusters.field' };

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
            <StateLgaFields form={form} texts={CLUSTER_TEXTS} />
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
          <CancelSubmitButtons pending={pending} onCancel={onCancel} icon={submitIcon} label={submitLabel} />
        </Stack>
      </form>
    </Paper>
  );
}
