import { makeInventoryItemSchema, STOCK_MAX_QUANTITY } from '@amp/contracts/warehouse';
import { NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { controlledInputProps } from '../../components/data/controlled-input-props';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useBodyResolver } from '../../components/data/use-body-resolver';
import { CancelSubmitButtons } from '../../components/forms/form-buttons';
import { FormModal } from '../../components/forms/form-modal';
import { NairaInput } from '../../components/forms/naira-input';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { type InventoryItem, type InventoryItemBody, useCreateItem, useUpdateItem } from './warehouses-api';

interface ItemValues {
  name: string;
  unit: string;
  price: string;
  reorderLevel: number | '';
  quantity: number | '';
  brand: string;
  model: string;
  description: string;
}

const FIELDS = ['name', 'unit', 'price', 'reorderLevel', 'quantity', 'brand', 'model', 'description'];

function valuesOf(item: InventoryItem | null): ItemValues {
  return {
    name: item?.name ?? '',
    unit: item?.unit ?? '',
    price: item?.price ?? '',
    reorderLevel: item?.reorderLevel ?? '',
    quantity: '',
    brand: item?.brand ?? '',
    model: item?.model ?? '',
    description: item?.description ?? '',
  };
}

/** The body as the API takes it: the price as naira text ('' for none), no reorder level while empty, the opening quantity on a new item only. */
function bodyOf(values: ItemValues, isNew: boolean): InventoryItemBody {
  const { quantity, reorderLevel, ...text } = values;
  return {
    ...text,
    reorderLevel: reorderLevel === '' ? null : Number(reorderLevel),
    ...(isNew ? { quantity: quantity === '' ? 0 : Number(quantity) } : {}),
  };
}

interface InventoryItemFormProps {
  warehouseId: string;
  /** The item being changed; null for a new one. */
  item: InventoryItem | null;
  opened: boolean;
  onClose(): void;
}

/**
 * Adds an item to a warehouse (with its opening quantity, written as a movement) or changes an
 * item's description, unit, price and reorder level; its quantity changes only through movements.
 */
export function InventoryItemForm({ warehouseId, item, opened, onClose }: InventoryItemFormProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={item ? t('warehouses.itemForm.editTitle', { name: item.name }) : t('warehouses.itemForm.addTitle')}
    >
      {opened ? <ItemFields key={item?._id ?? 'new'} warehouseId={warehouseId} item={item} onClose={onClose} /> : null}
    </FormModal>
  );
}

function ItemFields({ warehouseId, item, onClose }: Omit<InventoryItemFormProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateItem(warehouseId);
  const update = useUpdateItem();
  const pending = create.isPending || update.isPending;
  const isNew = item === null;
  const resolver = useBodyResolver(
    () => (isNew ? makeInventoryItemSchema(translateMessage) : makeInventoryItemSchema(translateMessage).omit({ quantity: true })),
    (values: ItemValues) => bodyOf(values, isNew),
  );
  const form = useForm<ItemValues>({ resolver, mode: 'onTouched', defaultValues: valuesOf(item) });
  const { errors } = form.formState;

  // The resolver checks the body; what is sent is made from the inputs as they stand (the price as naira).
  const submit = form.handleSubmit(async () => {
    try {
      const body = bodyOf(form.getValues(), isNew);
      if (item) await update.mutateAsync({ id: item._id, input: body });
      else await create.mutateAsync(body);
      notifySuccess(t('SUPPLY.ITEM_SAVED'));
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  const wholeNumber = {
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: ',',
    inputMode: 'numeric' as const,
    min: 0,
    max: STOCK_MAX_QUANTITY,
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('warehouses.field.materialName')}
          withAsterisk
          maxLength={150}
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('warehouses.field.brand')} maxLength={100} {...form.register('brand')} error={errors.brand?.message} />
          <TextInput label={t('warehouses.field.model')} maxLength={100} {...form.register('model')} error={errors.model?.message} />
          <TextInput
            label={t('warehouses.field.unit')}
            placeholder={t('warehouses.itemForm.unitPlaceholder')}
            maxLength={30}
            {...form.register('unit')}
            error={errors.unit?.message}
          />
          <NairaInput label={t('warehouses.field.price')} {...form.register('price')} error={errors.price?.message} />
          <Controller
            control={form.control}
            name="reorderLevel"
            render={(controlled) => (
              <NumberInput
                label={t('warehouses.field.reorderLevel')}
                description={t('warehouses.itemForm.reorderHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...wholeNumber}
                {...controlledInputProps(controlled)}
              />
            )}
          />
          {isNew ? (
            <Controller
              control={form.control}
              name="quantity"
              render={(controlled) => (
                <NumberInput
                  label={t('warehouses.field.openingQuantity')}
                  description={t('warehouses.itemForm.openingHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  placeholder="0"
                  {...wholeNumber}
                  {...controlledInputProps(controlled)}
                />
              )}
            />
          ) : null}
        </SimpleGrid>
        <Textarea
          label={t('warehouses.field.description')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <CancelSubmitButtons
          pending={pending}
          onCancel={onClose}
          icon={item ? <IconDeviceFloppy size={18} /> : <IconPlus size={18} />}
          label={item ? t('warehouses.itemForm.save') : t('warehouses.itemForm.add')}
        />
      </Stack>
    </form>
  );
}
