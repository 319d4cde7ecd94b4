import type { PageMeta } from '@amp/contracts/fields';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { PAGE_SIZES, type UrlListState } from './use-url-list-state';

interface PaginationFooterProps {
  page: number;
  pageSize: number;
  total: number;
  /** From the API's meta (ceil(total / pageSize), docs/product.md#lists). */
  pageCount: number;
  /** The API stopped counting at `total` (a capped count): shown as "10,000+". */
  totalIsLowerBound?: boolean;
  onPageChange(page: number): void;
  /** Without it, the page size cannot be changed. */
  onPageSizeChange?(pageSize: number): void;
}

/** "Showing x–y of total", the page count and the page buttons under a list. */
export function PaginationFooter({
  page,
  pageSize,
  total,
  pageCount,
  totalIsLowerBound = false,
  onPageChange,
  onPageSizeChange,
}: PaginationFooterProps) {
  const { t, i18n } = useTranslation();

  // A page past the end (the last item of the last page was removed, or an old link): go to the last page.
  useEffect(() => {
    if (pageCount > 0 && page > pageCount) onPageChange(pageCount);
  }, [page, pageCount, onPageChange]);

  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const number = new Intl.NumberFormat(i18n.language);
  const atLeast = (n: number) => (totalIsLowerBound ? `${number.format(n)}+` : number.format(n));

  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="md">
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('data.showing', { from: number.format(from), to: number.format(to), total: atLeast(total) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('data.pageOf', { page: number.format(Math.min(page, pageCount)), pageCount: atLeast(pageCount) })}
        </Text>
      </Group>
      <Group gap="sm" wrap="wrap">
        {onPageSizeChange ? (
          <Select
            aria-label={t('data.pageSize')}
            size="xs"
            w={90}
            allowDeselect={false}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            value={String(pageSize)}
            onChange={(value) => value && onPageSizeChange(Number(value))}
          />
        ) : null}
        {pageCount > 1 ? (
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={onPageChange}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': t(`data.page.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('data.goToPage', { page: item }) })}
          />
        ) : null}
      </Group>
    </Group>
  );
}

interface ListPaginationFooterProps {
  list: Pick<UrlListState<string>, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>;
  /** The API's meta; nothing shows until the first page has arrived. */
  meta: PageMeta | undefined;
  /** Lists with a fixed page size offer no page-size choice. */
  fixedPageSize?: boolean;
}

/** The PaginationFooter of a list kept in the URL (useUrlListState). */
export function ListPaginationFooter({ list, meta, fixedPageSize = false }: ListPaginationFooterProps) {
  if (!meta) return null;
  return (
    <PaginationFooter
      page={list.page}
      pageSize={list.pageSize}
      total={meta.total}
      pageCount={meta.pageCount}
      totalIsLowerBound={meta.totalIsLowerBound}
      onPageChange={list.setPage}
      onPageSizeChange={fixedPageSize ? undefined : list.setPageSize}
    />
  );
}
