import { makeSubCategoryCreateSchema } from '@amp/contracts/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { type Category, useAddSubCategory } from './categories-api';

interface SubCategoryFormProps {
  /** Fixed when the form sits inside one category; otherwise a category is chosen from `categories`. */
  categoryId?: string;
  categories?: Category[];
  /** Inline (inside a category) the form is a single compact row. */
  compact?: boolean;
}

/** Adds one sub-category to an existing category (POST /v2/category/:id/sub-category). */
export function SubCategoryForm({ categoryId, categories = [], compact = false }: SubCategoryFormProps) {
  const { t } = useTranslation();
  // The contract's rule for the name, plus the category to add it to (a choice made on this form only).
  const schema = useMemo(
    () =>
      makeSubCategoryCreateSchema(translateMessage).extend({
        categoryId: z.string().min(1, translateMessage('VALIDATION.REQUIRED', { field: 'Category' })),
      }),
    [],
  );
  const empty = { name: '', categoryId: categoryId ?? '' };
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: empty,
  });
  const add = useAddSubCategory();

  const submit = form.handleSubmit((values) =>
    add.mutateAsync({ categoryId: values.categoryId, name: values.name }).then(
      () => {
        notifySuccess(t('categories.subCategory.added', { name: values.name }));
        form.reset({ ...empty, categoryId: values.categoryId });
      },
      (error) => applyServerErrors(error, form.setError, ['name', 'categoryId']),
    ),
  );

  const nameInput = (
    <TextInput
      label={compact ? undefined : t('categories.field.subCategoryName')}
      aria-label={compact ? t('categories.field.subCategoryName') : undefined}
      placeholder={compact ? t('categories.subCategory.inlinePlaceholder') : undefined}
      withAsterisk={!compact}
      {...form.register('name')}
      error={form.formState.errors.name?.message}
      style={compact ? { flex: 1, minWidth: 0 } : undefined}
    />
  );

  // Inside a category: one row, name and button. On the add page: a small stacked form.
  if (compact) {
    return (
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap" maw={480}>
          {nameInput}
          <Button type="submit" variant="light" loading={add.isPending} leftSection={<IconPlus size={16} />} style={{ flexShrink: 0 }}>
            {t('categories.subCategory.addShort')}
          </Button>
        </Group>
      </form>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {categoryId ? null : (
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field, fieldState }) => (
              <Select
                label={t('categories.field.category')}
                withAsterisk
                searchable
                placeholder={t('categories.field.categoryPlaceholder')}
                data={categories.map((category) => ({ value: category._id, label: category.name }))}
                name={field.name}
                ref={field.ref}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        {nameInput}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} />}>
            {t('categories.subCategory.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
