import { ASSET_EDITABLE_STATUSES, type ClusterRef, makeAssetCreateSchema, makeAssetEditSchema } from '@amp/contracts/asset';
import { MAX_FILES_PER_FIELD } from '@amp/contracts/file';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { applyServerErrors } from '../../components/data/server-errors';
import { FileUploadField, type UploadedFile } from '../../components/files/file-upload-field';
import { ApiError } from '../../lib/api';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useCategories } from '../../lib/queries/reference';
import type { AssetInput } from './assets-api';
import { ClusterSelect } from './cluster-select';

/** The form's own values: every field as typed (the cost stays the text typed, in naira). */
export interface AssetFormValues {
  assetID: string;
  name: string;
  clusterId: string | null;
  locationID: string;
  locationName: string;
  categoryId: string;
  subCategoryId: string | null;
  brand: string;
  model: string;
  serialNumber: string;
  installationDate: string;
  warrantyExpiry: string;
  /** Empty for a decommissioned asset, whose status the form does not change. */
  status: string;
  purchaseCost: string;
  description: string;
}

export interface AssetFiles {
  photos: UploadedFile[];
  documents: UploadedFile[];
}

export const EMPTY_ASSET: AssetFormValues = {
  assetID: '',
  name: '',
  clusterId: null,
  locationID: '',
  locationName: '',
  categoryId: '',
  subCategoryId: null,
  brand: '',
  model: '',
  serialNumber: '',
  installationDate: '',
  warrantyExpiry: '',
  status: 'active',
  purchaseCost: '',
  description: '',
};

const FIELDS = Object.keys(EMPTY_ASSET);
const FILE_FIELDS = ['photos', 'documents'] as const;

interface AssetFormProps {
  mode: 'create' | 'edit';
  initial: AssetFormValues;
  initialFiles?: AssetFiles;
  /** The asset's cluster, so the picker shows its name at once. */
  initialCluster?: ClusterRef | null;
  /** A decommissioned asset keeps its status; the field is shown but fixed. */
  decommissioned?: boolean;
  cancelTo: string;
  submitting: boolean;
  /** Sends the input; a rejection with the API's error puts its messages beside the fields. */
  onSubmit(input: AssetInput): Promise<unknown>;
}

/** The fields of an asset (docs/product.md#assets-and-clusters; issue 3), for /asset/add and the edit page. */
export function AssetForm({
  mode,
  initial,
  initialFiles,
  initialCluster,
  decommissioned = false,
  cancelTo,
  submitting,
  onSubmit,
}: AssetFormProps) {
  const { t } = useTranslation();
  // The API's schema with messages in the reader's language; on edit, the status is left out for a decommissioned asset.
  const schema = useMemo(() => {
    if (mode === 'create') return makeAssetCreateSchema(translateMessage);
    const edit = makeAssetEditSchema(translateMessage);
    return decommissioned ? edit.omit({ status: true }) : edit;
  }, [mode, decommissioned]);
  const form = useForm<AssetFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<AssetFormValues>,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const [files, setFiles] = useState<AssetFiles>(initialFiles ?? { photos: [], documents: [] });
  const [fileErrors, setFileErrors] = useState<Partial<Record<keyof AssetFiles, string>>>({});
  const categories = useCategories();
  const categoryId = form.watch('categoryId');
  const category = categories.data?.find((c) => c._id === categoryId);
  const { errors } = form.formState;

  // The typed values are sent, not the parsed ones: the API itself turns the naira text into kobo.
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    setFileErrors({});
    const input: AssetInput = {
      ...values,
      status: decommissioned || values.status === '' ? undefined : (values.status as AssetInput['status']),
      photos: files.photos.map((file) => file._id),
      documents: files.documents.map((file) => file._id),
    };
    await onSubmit(input).catch((error: unknown) => {
      const rest = splitFileErrors(error, setFileErrors);
      if (rest !== null) applyServerErrors(rest, form.setError, FIELDS);
    });
  });

  const text = (name: keyof AssetFormValues, label: string, extra: { required?: boolean; description?: string } = {}) => (
    <TextInput
      label={label}
      withAsterisk={extra.required}
      description={extra.description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...form.register(name)}
      error={errors[name]?.message}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={960}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Section title={t('assets.form.identification')}>
            {text('assetID', t('assets.field.assetID'), {
              description: mode === 'create' ? t('assets.form.assetIDHint') : t('assets.form.assetIDEditHint'),
            })}
            {text('name', t('assets.field.name'), { required: true })}
            <Controller
              control={form.control}
              name="clusterId"
              render={({ field, fieldState }) => (
                <ClusterSelect
                  label={t('assets.field.cluster')}
                  placeholder={t('assets.form.noCluster')}
                  name={field.name}
                  ref={field.ref}
                  selected={initialCluster}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field, fieldState }) =>
                decommissioned ? (
                  <Select
                    label={t('assets.field.status')}
                    data={[{ value: 'decommissioned', label: t('asset.status.decommissioned') }]}
                    value="decommissioned"
                    disabled
                    description={t('assets.form.decommissionedStatus')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                ) : (
                  <Select
                    label={t('assets.field.status')}
                    withAsterisk
                    allowDeselect={false}
                    name={field.name}
                    ref={field.ref}
                    data={ASSET_EDITABLE_STATUSES.map((status) => ({ value: status, label: t(`asset.status.${status}`) }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? 'active')}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )
              }
            />
          </Section>

          <Section title={t('assets.form.location')}>
            {text('locationID', t('assets.field.locationID'))}
            {text('locationName', t('assets.field.locationName'))}
          </Section>

          <Section title={t('assets.form.classification')}>
            <Controller
              control={form.control}
              name="categoryId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('assets.field.category')}
                  withAsterisk
                  searchable
                  name={field.name}
                  ref={field.ref}
                  placeholder={categories.isPending ? t('assets.form.loading') : t('assets.form.chooseCategory')}
                  nothingFoundMessage={t('assets.form.noCategory')}
                  data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
                  value={field.value || null}
                  onChange={(value) => {
                    // The sub-category belongs to the old category.
                    if ((value ?? '') !== field.value) form.setValue('subCategoryId', null);
                    field.onChange(value ?? '');
                  }}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? (categories.isError ? t('assets.form.categoriesFailed') : undefined)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="subCategoryId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('assets.field.subCategory')}
                  clearable
                  searchable
                  name={field.name}
                  ref={field.ref}
                  disabled={!category || category.subCategories.length === 0}
                  placeholder={
                    !category
                      ? t('assets.form.chooseCategoryFirst')
                      : category.subCategories.length === 0
                        ? t('assets.form.noSubCategories')
                        : t('assets.form.chooseSubCategory')
                  }
                  data={(category?.subCategories ?? []).map((c) => ({ value: c._id, label: c.name }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Section>

          <Section title={t('assets.form.equipment')}>
            {text('brand', t('assets.field.brand'))}
            {text('model', t('assets.field.model'))}
            {text('serialNumber', t('assets.field.serialNumber'))}
            <TextInput
              label={t('assets.field.purchaseCost')}
              description={t('assets.form.purchaseCostHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              leftSection={
                <Text size="sm" c="dimmed" aria-hidden>
                  ₦
                </Text>
              }
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
              {...form.register('purchaseCost')}
              error={errors.purchaseCost?.message}
            />
            <TextInput
              type="date"
              label={t('assets.field.installationDate')}
              {...form.register('installationDate')}
              error={errors.installationDate?.message}
            />
            <TextInput
              type="date"
              label={t('assets.field.warrantyExpiry')}
              {...form.register('warrantyExpiry')}
              error={errors.warrantyExpiry?.message}
            />
          </Section>

          <Textarea
            label={t('assets.field.description')}
            autosize
            minRows={3}
            maxRows={10}
            {...form.register('description')}
            error={errors.description?.message}
          />

          <Section title={t('assets.form.files')}>
            <FileUploadField
              label={t('assets.field.photos')}
              kind="image"
              multiple
              max={MAX_FILES_PER_FIELD}
              value={files.photos}
              onChange={(photos) => setFiles((current) => ({ ...current, photos }))}
              error={fileErrors.photos}
            />
            <FileUploadField
              label={t('assets.field.documents')}
              kind="document"
              multiple
              max={MAX_FILES_PER_FIELD}
              value={files.documents}
              onChange={(documents) => setFiles((current) => ({ ...current, documents }))}
              error={fileErrors.documents}
            />
          </Section>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={cancelTo} disabled={submitting}>
              {t('data.cancel')}
            </Button>
            <Button
              type="submit"
              loading={submitting}
              leftSection={mode === 'create' ? <IconPlus size={18} /> : <IconDeviceFloppy size={18} />}
            >
              {mode === 'create' ? t('assets.form.create') : t('data.save')}
            </Button>
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** Takes the photos' and documents' messages (paths "photos" or "photos.2") out for the upload fields; returns the rest. */
function splitFileErrors(error: unknown, set: (errors: Partial<Record<keyof AssetFiles, string>>) => void): unknown {
  if (!(error instanceof ApiError) || error.errors.length === 0) return error;
  const found: Partial<Record<keyof AssetFiles, string>> = {};
  const rest = error.errors.filter((fieldError) => {
    const root = fieldError.path.split('.')[0] as keyof AssetFiles;
    if (!FILE_FIELDS.includes(root)) return true;
    found[root] ??= translateApiText(fieldError.message);
    return false;
  });
  set(found);
  if (rest.length === error.errors.length) return error;
  if (rest.length === 0) return null;
  return new ApiError(error.status, error.message, rest);
}
