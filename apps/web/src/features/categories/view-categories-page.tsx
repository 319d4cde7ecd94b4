import { Accordion, Badge, Button, Group, Highlight, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ListEmpty, ListError } from '../../components/data/list-feedback';
import { ListToolbar } from '../../components/data/list-toolbar';
import { PaginationFooter } from '../../components/data/pagination-footer';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useCategories } from '../../lib/queries/reference';
import { SubCategoryForm } from './sub-category-form';

/**
 * /category/view: every category with its sub-categories. The API returns the whole (short)
 * list, so search and paging happen here, still kept in the URL like the server-side lists.
 */
export default function ViewCategoriesPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const list = useUrlListState();
  const categories = useCategories();
  const [opened, setOpened] = useState<string[]>([]);

  const needle = list.search.toLocaleLowerCase();
  const filtered = useMemo(() => {
    const all = categories.data ?? [];
    if (!needle) return all;
    return all.filter(
      (category) =>
        category.name.toLocaleLowerCase().includes(needle) ||
        category.subCategories.some((sub) => sub.name.toLocaleLowerCase().includes(needle)),
    );
  }, [categories.data, needle]);

  // A match found only among the sub-categories would be invisible in a closed panel: open those.
  useEffect(() => {
    if (!needle) return;
    setOpened(filtered.filter((category) => !category.name.toLocaleLowerCase().includes(needle)).map((category) => category._id));
  }, [filtered, needle]);

  const total = filtered.length;
  const pageCount = Math.ceil(total / list.pageSize);
  const visible = filtered.slice((list.page - 1) * list.pageSize, list.page * list.pageSize);
  const subTotal = (categories.data ?? []).reduce((sum, category) => sum + category.subCategories.length, 0);

  return (
    <Stack gap="md">
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('categories.list.searchPlaceholder')}
        actions={
          can('createCategory') ? (
            <Button component={Link} to="/category/add" leftSection={<IconPlus size={18} />}>
              {t('categories.list.add')}
            </Button>
          ) : null
        }
      />

      {categories.data ? (
        <Group gap="xs">
          <Badge variant="light" size="lg" tt="none">
            {t('categories.list.categoryCount', { count: categories.data.length })}
          </Badge>
          <Badge variant="light" color="gray" size="lg" tt="none">
            {t('categories.list.subCategoryCount', { count: subTotal })}
          </Badge>
        </Group>
      ) : null}

      {categories.isError ? (
        <ListError error={categories.error} onRetry={() => categories.refetch()} />
      ) : categories.isPending ? (
        <Stack gap="xs" aria-hidden>
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={52} radius="md" />
          ))}
        </Stack>
      ) : visible.length === 0 ? (
        <Paper withBorder radius="md">
          <ListEmpty
            icon={<IconCategory size={32} stroke={1.5} />}
            title={list.search ? t('categories.list.noMatch') : t('categories.list.empty')}
            description={list.search ? t('categories.list.noMatchHint') : t('categories.list.emptyHint')}
            onReset={list.search ? () => list.setSearch('') : undefined}
          />
        </Paper>
      ) : (
        <Accordion multiple variant="separated" radius="md" value={opened} onChange={setOpened}>
          {visible.map((category) => (
            <Accordion.Item key={category._id} value={category._id}>
              <Accordion.Control>
                <Group justify="space-between" gap="xs" wrap="nowrap" pr="xs">
                  <Highlight highlight={list.search} fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {category.name}
                  </Highlight>
                  <Badge variant="light" color={category.subCategories.length > 0 ? 'teal' : 'gray'} style={{ flexShrink: 0 }} tt="none">
                    {t('categories.list.subCategoryCount', { count: category.subCategories.length })}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="md">
                  {category.subCategories.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('categories.list.noSubCategories')}
                    </Text>
                  ) : (
                    <Group gap={6}>
                      {category.subCategories.map((sub) => (
                        <Badge key={sub._id} variant="outline" color="gray" size="lg" tt="none" fw={400}>
                          <Highlight highlight={list.search} size="sm" component="span">
                            {sub.name}
                          </Highlight>
                        </Badge>
                      ))}
                    </Group>
                  )}
                  {can('createCategory') ? <SubCategoryForm categoryId={category._id} compact /> : null}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}

      <PaginationFooter
        page={list.page}
        pageSize={list.pageSize}
        total={total}
        pageCount={pageCount}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
    </Stack>
  );
}
