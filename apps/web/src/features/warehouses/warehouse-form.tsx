import { makeWarehouseSchema, WAREHOUSE_MAX_MANAGERS } from '@amp/contracts/warehouse';
import { MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useBodyResolver } from '../../components/data/use-body-resolver';
import { CancelSubmitButtons } from '../../components/forms/form-buttons';
import { FormModal } from '../../components/forms/form-modal';
import { StateLgaFields, type StateLgaTexts } from '../../components/forms/state-lga-fields';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useCreateWarehouse, useManagerOptions, useUpdateWarehouse, type Warehouse, type WarehouseBody } from './warehouses-api';

interface WarehouseValues {
  name: string;
  address: string;
  state: string;
  lga: string;
  managers: string[];
}

const FIELDS = ['name', 'address', 'state', 'lga', 'managers'];
const WAREHOUSE_TEXTS: StateLgaTexts = { field: 'warehouses.field', form: 'warehouses.form' };

function valuesOf(warehouse: Warehouse | null): WarehouseValues {
  return {
    name: warehouse?.name ?? '',
    address: warehouse?.address ?? '',
    state: warehouse?.state?.alias ?? '',
    lga: warehouse?.lga ?? '',
    managers: warehouse?.managers.map((manager) => manager._id) ?? [],
  };
}

/** '' clears an optional field (the API keeps none). */
const bodyOf = (values: WarehouseValues): WarehouseBody => ({ ...values });

interface WarehouseFormProps {
  /** The warehouse being changed; null for a new one. */
  warehouse: Warehouse | null;
  opened: boolean;
  onClose(): void;
  /** Told the saved warehouse (a new one's page can open). */
  onSaved?(warehouse: Warehouse): void;
}

/** Adds or changes a warehouse, in a modal: name, address, state and LGA (as the cluster form has them), and its managers. */
export function WarehouseForm({ warehouse, opened, onClose, onSaved }: WarehouseFormProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={warehouse ? t('warehouses.form.editTitle', { name: warehouse.name }) : t('warehouses.form.addTitle')}
    >
      {opened ? <WarehouseFields warehouse={warehouse} onClose={onClose} onSaved={onSaved} /> : null}
    </FormModal>
  );
}

function WarehouseFields({ warehouse, onClose, onSaved }: Omit<WarehouseFormProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateWarehouse();
  const update = useUpdateWarehouse();
  const pending = create.isPending || update.isPending;
  const resolver = useBodyResolver(() => makeWarehouseSchema(translateMessage), bodyOf);
  const form = useForm<WarehouseValues>({ resolver, mode: 'onTouched', defaultValues: valuesOf(warehouse) });
  const { errors } = form.formState;
  const managerOptions = useManagerOptions(true);
  const managerData = useMemo(() => {
    const offered = (managerOptions.data ?? []).map((option) => ({ value: option._id, label: option.name }));
    // A current manager no longer offered still shows by name (saving then says why).
    const kept = (warehouse?.managers ?? [])
      .filter((manager) => !offered.some((option) => option.value === manager._id))
      .map((manager) => ({ value: manager._id, label: manager.name }));
    return [...offered, ...kept];
  }, [managerOptions.data, warehouse]);

  // The resolver checks the body; what is sent is made from the inputs as they stand.
  const submit = form.handleSubmit(async () => {
    try {
      const body = bodyOf(form.getValues());
      const saved = warehouse ? await update.mutateAsync({ id: warehouse._id, input: body }) : await create.mutateAsync(body);
      notifySuccess(t('SUPPLY.WAREHOUSE_SAVED'));
      onClose();
      onSaved?.(saved);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, (path) => path.split('.')[0]);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('warehouses.field.name')}
          withAsterisk
          autoComplete="off"
          maxLength={100}
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        <TextInput label={t('warehouses.field.address')} maxLength={300} {...form.register('address')} error={errors.address?.message} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <StateLgaFields form={form} texts={WAREHOUSE_TEXTS} saved={{ state: warehouse?.state?.alias, lga: warehouse?.lga }} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="managers"
          render={({ field }) => (
            <MultiSelect
              label={t('warehouses.field.managers')}
              description={t('warehouses.form.managersHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder={field.value.length === 0 ? t('warehouses.form.managersPlaceholder') : undefined}
              searchable
              clearable
              hidePickedOptions
              maxValues={WAREHOUSE_MAX_MANAGERS}
              nothingFoundMessage={managerOptions.isPending ? t('warehouses.form.loading') : t('warehouses.form.nothingFound')}
              data={managerData}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.managers?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <CancelSubmitButtons
          pending={pending}
          onCancel={onClose}
          icon={warehouse ? <IconDeviceFloppy size={18} /> : <IconPlus size={18} />}
          label={warehouse ? t('warehouses.form.save') : t('warehouses.form.add')}
        />
      </Stack>
    </form>
  );
}
