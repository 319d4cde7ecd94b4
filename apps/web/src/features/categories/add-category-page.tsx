import { makeCategoryCreateSchema } from '@amp/contracts/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Grid, Group, Input, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCategory, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useCategories } from '../../lib/queries/reference';
import { useCreateCategory } from './categories-api';
import { SubCategoryForm } from './sub-category-form';

const EMPTY = { name: '', subCategories: [] as { name: string }[] };

/**
 * The contract's category schema, with each sub-category name wrapped in an object because
 * react-hook-form's field arrays need objects; the name rules themselves come from the contract.
 */
function makeFormSchema() {
  const contract = makeCategoryCreateSchema(translateMessage);
  const subCategoryName = contract.shape.subCategories.unwrap().element;
  return z.object({ name: contract.shape.name, subCategories: z.array(z.object({ name: subCategoryName })).max(50) });
}

/** /category/add: a new category with its sub-categories, and sub-categories for existing ones. */
export default function AddCategoryPage() {
  const { t } = useTranslation();
  const categories = useCategories();

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <NewCategoryForm />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t('categories.existing.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('categories.existing.intro')}
              </Text>
            </Stack>
            <SubCategoryForm categories={categories.data ?? []} />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function NewCategoryForm() {
  const { t } = useTranslation();
  const schema = useMemo(makeFormSchema, []);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    // Validated on submit (then on change), not on blur: a blur validation still running when
    // "Add sub-category" is clicked swallowed the new row.
    defaultValues: EMPTY,
  });
  const rows = useFieldArray({ control: form.control, name: 'subCategories' });
  const create = useCreateCategory();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    create.mutateAsync({ name: values.name, subCategories: values.subCategories.map((row) => row.name) }).then(
      () => {
        notifySuccess(t('CATEGORY.CREATED'));
        form.reset(EMPTY);
      },
      // The API names a sub-category by its index (`subCategories.2`); here it is that row's name input.
      (error) =>
        applyServerErrors(error, form.setError, ['name', 'subCategories'], (path) =>
          /^subCategories\.\d+$/.test(path) ? `${path}.name` : path,
        ),
    ),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('categories.new.title')}
          </Title>
          <TextInput label={t('categories.field.name')} withAsterisk {...form.register('name')} error={errors.name?.message} />

          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Input.Label>{t('categories.field.subCategories')}</Input.Label>
              <Text size="xs" c="dimmed">
                {t('categories.new.subCount', { count: rows.fields.length })}
              </Text>
            </Group>
            {rows.fields.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('categories.new.noSubCategories')}
              </Text>
            ) : null}
            {rows.fields.map((row, index) => (
              <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  aria-label={t('categories.new.subCategoryN', { n: index + 1 })}
                  placeholder={t('categories.new.subCategoryN', { n: index + 1 })}
                  {...form.register(`subCategories.${index}.name`)}
                  error={errors.subCategories?.[index]?.name?.message}
                  style={{ flex: 1 }}
                />
                <Tooltip label={t('categories.new.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('categories.new.removeN', { n: index + 1 })}
                    onClick={() => rows.remove(index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
            {errors.subCategories?.message ? (
              <Text size="sm" c="red">
                {errors.subCategories.message}
              </Text>
            ) : null}
            <Button
              variant="light"
              w="fit-content"
              leftSection={<IconPlus size={16} />}
              disabled={rows.fields.length >= 50}
              // A new row is focused, so several names can be typed without reaching for the mouse.
              onClick={() => rows.append({ name: '' }, { shouldFocus: true })}
            >
              {t('categories.new.addRow')}
            </Button>
          </Stack>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset(EMPTY)} disabled={create.isPending}>
              {t('categories.new.reset')}
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconCategory size={18} />}>
              {t('categories.new.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
