import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from './use-url-list-state';

interface SortSelectProps {
  /** The sortable columns with their translated labels. */
  columns: { column: string; label: string }[];
  sort: string | undefined;
  order: SortOrder;
  onSort(column: string, order: SortOrder): void;
}

/** Sorting for the card layout, which has no column headers to click. */
export function SortSelect({ columns, sort, order, onSort }: SortSelectProps) {
  const { t } = useTranslation();
  const data = columns.flatMap(({ column, label }) => [
    { value: `${column}:asc`, label: t('data.sortAscending', { column: label }) },
    { value: `${column}:desc`, label: t('data.sortDescending', { column: label }) },
  ]);
  return (
    <Select
      aria-label={t('data.sortBy')}
      w={{ base: '100%', xs: 220 }}
      allowDeselect={false}
      data={data}
      value={sort ? `${sort}:${order}` : null}
      placeholder={t('data.sortBy')}
      onChange={(value) => {
        if (!value) return;
        const [column, direction] = value.split(':');
        if (column) onSort(column, direction === 'desc' ? 'desc' : 'asc');
      }}
    />
  );
}
