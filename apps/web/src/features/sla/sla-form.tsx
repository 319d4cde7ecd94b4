import { makeSlaCreateSchema, SLA_MAX_HOURS, SLA_MIN_HOURS, type SlaCreateInput } from '@amp/contracts/sla';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { applyServerErrors } from '../../components/data/server-errors';
import { FileUploadField, type UploadedFile } from '../../components/files/file-upload-field';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { assetLabel, clusterLabel, type Option, type Sla, type SlaInput } from './sla-api';
import { AssetMultiSelect, ClusterMultiSelect, ProviderSelect } from './sla-pickers';

/** The form's own values: what the inputs hold, before the shared schema checks and converts them. */
interface SlaFormValues {
  title: string;
  terms: string;
  file: string | null;
  providerId: string;
  assetIds: string[];
  clusterIds: string[];
  responseHours: number | '';
  resolutionHours: number | '';
}

const FIELDS = ['title', 'terms', 'file', 'providerId', 'assetIds', 'clusterIds', 'responseHours', 'resolutionHours'];

const EMPTY: SlaFormValues = {
  title: '',
  terms: '',
  file: null,
  providerId: '',
  assetIds: [],
  clusterIds: [],
  responseHours: '',
  resolutionHours: '',
};

function valuesOf(sla: Sla): SlaFormValues {
  return {
    title: sla.title,
    terms: sla.terms ?? '',
    file: sla.file?._id ?? null,
    providerId: sla.provider._id,
    assetIds: sla.targets.assets.map((a) => a._id),
    clusterIds: sla.targets.clusters.map((c) => c._id),
    responseHours: sla.responseHours,
    resolutionHours: sla.resolutionHours,
  };
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** On an edit, only what changed is sent (an unchanged provider that has since been suspended stays as it is). */
function changesOf(input: SlaCreateInput, sla: Sla): SlaInput {
  const before = valuesOf(sla);
  const changes: SlaInput = {};
  if (input.title !== before.title) changes.title = input.title;
  if ((input.terms ?? '') !== before.terms) changes.terms = input.terms ?? '';
  if ((input.file ?? null) !== before.file) changes.file = input.file ?? null;
  if (input.providerId !== before.providerId) changes.providerId = input.providerId;
  if (!sameIds(input.assetIds, before.assetIds) || !sameIds(input.clusterIds, before.clusterIds)) {
    changes.assetIds = input.assetIds;
    changes.clusterIds = input.clusterIds;
  }
  if (input.responseHours !== before.responseHours) changes.responseHours = input.responseHours;
  if (input.resolutionHours !== before.resolutionHours) changes.resolutionHours = input.resolutionHours;
  return changes;
}

interface SlaFormProps {
  /** The SLA being edited; none for a new one. */
  sla?: Sla;
  submitLabel: string;
  submitIcon: ReactNode;
  pending: boolean;
  cancelTo: string;
  onSubmit(input: SlaInput): Promise<unknown>;
}

/** The fields of an SLA, shared by the create and edit pages. */
export function SlaForm({ sla, submitLabel, submitIcon, pending, cancelTo, onSubmit }: SlaFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => makeSlaCreateSchema(translateMessage), []);
  const initial = useMemo(() => (sla ? valuesOf(sla) : EMPTY), [sla]);
  const form = useForm<SlaFormValues, unknown, SlaCreateInput>({
    resolver: zodResolver(schema) as unknown as Resolver<SlaFormValues, unknown, SlaCreateInput>,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { errors, isDirty } = form.formState;
  const [uploads, setUploads] = useState<UploadedFile[]>(sla?.file ? [sla.file] : []);

  // Labels of what is already chosen, so the pickers can show them before any search.
  const known = useMemo(
    () => ({
      provider: sla ? [{ value: sla.provider._id, label: sla.provider.name }] : [],
      assets: (sla?.targets.assets ?? []).map((a): Option => ({ value: a._id, label: assetLabel(a) })),
      clusters: (sla?.targets.clusters ?? []).map((c): Option => ({ value: c._id, label: clusterLabel(c) })),
    }),
    [sla],
  );

  const submit = form.handleSubmit((input) =>
    onSubmit(sla ? changesOf(input, sla) : { ...input, file: input.file ?? undefined }).catch((error) =>
      applyServerErrors(error, form.setError, FIELDS, (path) => path.split('.')[0]),
    ),
  );

  const hoursInput = (name: 'responseHours' | 'resolutionHours', label: string, description: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          withAsterisk
          min={SLA_MIN_HOURS}
          max={SLA_MAX_HOURS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix={` ${t('sla.hoursSuffix')}`}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? '' : Number(value))}
          onBlur={() => {
            field.onBlur();
            // The order of the two is checked on the resolution field; re-check it when either changes.
            if (form.formState.touchedFields.resolutionHours) void form.trigger('resolutionHours');
          }}
          error={fieldState.error?.message}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      )}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={980}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Section title={t('sla.form.agreement')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('sla.field.title')} withAsterisk {...form.register('title')} error={errors.title?.message} />
              <Controller
                control={form.control}
                name="providerId"
                render={({ field, fieldState }) => (
                  <ProviderSelect
                    label={t('sla.field.provider')}
                    placeholder={t('sla.form.providerPlaceholder')}
                    withAsterisk
                    known={known.provider}
                    name={field.name}
                    ref={field.ref}
                    value={field.value || null}
                    onChange={(value) => {
                      field.onChange(value ?? '');
                      field.onBlur();
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>
            <Textarea
              label={t('sla.field.terms')}
              description={t('sla.form.termsHint')}
              autosize
              minRows={4}
              maxRows={14}
              {...form.register('terms')}
              error={errors.terms?.message}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </Section>

          <Section title={t('sla.form.coverage')} hint={t('sla.form.coverageHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Controller
                control={form.control}
                name="assetIds"
                render={({ field, fieldState }) => (
                  <AssetMultiSelect
                    label={t('sla.field.assets')}
                    placeholder={t('sla.form.assetsPlaceholder')}
                    known={known.assets}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value);
                      if (form.formState.isSubmitted) void form.trigger('assetIds');
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="clusterIds"
                render={({ field, fieldState }) => (
                  <ClusterMultiSelect
                    label={t('sla.field.clusters')}
                    placeholder={t('sla.form.clustersPlaceholder')}
                    known={known.clusters}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value);
                      // "At least one target" stands beside the assets; choosing a cluster settles it too.
                      if (form.formState.isSubmitted) void form.trigger('assetIds');
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Section>

          <Section title={t('sla.form.targets')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {hoursInput('responseHours', t('sla.field.responseHours'), t('sla.form.responseHint'))}
              {hoursInput('resolutionHours', t('sla.field.resolutionHours'), t('sla.form.resolutionHint'))}
            </SimpleGrid>
          </Section>

          <Section title={t('sla.form.file')}>
            <FileUploadField
              label={t('sla.field.file')}
              description={t('sla.form.fileHint')}
              kind="document"
              multiple={false}
              value={uploads}
              onChange={(files) => {
                setUploads(files);
                form.setValue('file', files[0]?._id ?? null, { shouldDirty: true });
                form.clearErrors('file');
              }}
              error={errors.file?.message}
            />
          </Section>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={cancelTo} disabled={pending}>
              {t('sla.form.cancel')}
            </Button>
            <Button
              type="submit"
              loading={pending}
              disabled={sla !== undefined && !isDirty}
              leftSection={submitIcon ?? <IconDeviceFloppy size={18} />}
            >
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider
        label={
          <Title order={2} size="h5" c="dimmed" tt="uppercase" lts={0.5}>
            {title}
          </Title>
        }
        labelPosition="left"
      />
      {hint ? (
        <Text size="sm" c="dimmed" mt={-4}>
          {hint}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
