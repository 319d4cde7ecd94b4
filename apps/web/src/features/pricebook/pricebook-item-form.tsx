import { makePricebookItemCreateSchema, PRICEBOOK_KINDS, type PricebookItemCreateInput } from '@amp/contracts/pricebook';
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { applyServerErrors } from '../../components/data/server-errors';
import { CancelSubmitButtons } from '../../components/forms/form-buttons';
import { FormModal } from '../../components/forms/form-modal';
import { NairaInput } from '../../components/forms/naira-input';
import { translateMessage, useTranslation } from '../../lib/i18n';
import type { PricebookItem, PricebookItemInput } from './pricebook-api';

/** What the inputs hold, before the shared schema checks and converts them (the price to kobo). */
interface PricebookFormValues {
  name: string;
  kind: string;
  price: string;
  unit: string;
  brand: string;
  model: string;
  description: string;
}

const FIELDS = ['name', 'kind', 'price', 'unit', 'brand', 'model', 'description'];

function valuesOf(item: PricebookItem | null): PricebookFormValues {
  return {
    name: item?.name ?? '',
    kind: item?.kind ?? '',
    price: item?.price ?? '',
    unit: item?.unit ?? '',
    brand: item?.brand ?? '',
    model: item?.model ?? '',
    description: item?.description ?? '',
  };
}

interface PricebookItemFormProps {
  /** The item being changed; null for a new one. */
  item: PricebookItem | null;
  opened: boolean;
  pending: boolean;
  onClose(): void;
  /** Sends the naira as typed: the API converts it to kobo as the schema did here. */
  onSubmit(input: PricebookItemInput): Promise<unknown>;
}

/** Adds or changes a pricebook item, in a modal over the list. */
export function PricebookItemForm({ item, opened, pending, onClose, onSubmit }: PricebookItemFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => makePricebookItemCreateSchema(translateMessage), []);
  const form = useForm<PricebookFormValues, unknown, PricebookItemCreateInput>({
    resolver: zodResolver(schema) as unknown as Resolver<PricebookFormValues, unknown, PricebookItemCreateInput>,
    mode: 'onTouched',
    values: valuesOf(item),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(() => {
    const values = form.getValues();
    return onSubmit({ ...values, kind: values.kind as PricebookItemInput['kind'] }).catch((error) =>
      applyServerErrors(error, form.setError, FIELDS),
    );
  });

  return (
    <FormModal
      opened={opened}
      onClose={pending ? () => {} : onClose}
      title={item ? t('pricebook.form.editTitle', { name: item.name }) : t('pricebook.form.addTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('pricebook.field.name')} withAsterisk {...form.register('name')} error={errors.name?.message} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Controller
              control={form.control}
              name="kind"
              render={({ field, fieldState }) => (
                <Select
                  label={t('pricebook.field.kind')}
                  withAsterisk
                  data={PRICEBOOK_KINDS.map((kind) => ({ value: kind, label: t(`pricebook.kind.${kind}`) }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={fieldState.error?.message}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <NairaInput label={t('pricebook.field.price')} withAsterisk {...form.register('price')} error={errors.price?.message} />
            <TextInput
              label={t('pricebook.field.unit')}
              placeholder={t('pricebook.form.unitPlaceholder')}
              {...form.register('unit')}
              error={errors.unit?.message}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('pricebook.field.brand')} {...form.register('brand')} error={errors.brand?.message} />
            <TextInput label={t('pricebook.field.model')} {...form.register('model')} error={errors.model?.message} />
          </SimpleGrid>
          <Textarea
            label={t('pricebook.field.description')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.register('description')}
            error={errors.description?.message}
          />
          <CancelSubmitButtons
            pending={pending}
            onCancel={onClose}
            icon={<IconDeviceFloppy size={18} />}
            label={item ? t('pricebook.form.save') : t('pricebook.form.add')}
          />
        </Stack>
      </form>
    </FormModal>
  );
}
