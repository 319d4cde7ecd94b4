import { Select } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useCompactLayout } from './use-compact-layout';
import type { UrlListState } from './use-url-list-state';

interface SortSelectProps {
  /** The list whose URL state holds the sorting. */
  list: Pick<UrlListState<string>, 'sort' | 'order' | 'setSort'>;
  /** The sortable columns with their translated labels. */
  columns: { column: string; label: string }[];
}

/** Sorting for the card layout, which has no column headers to click; on a wider screen (a table) it shows nothing. */
export function SortSelect({ list, columns }: SortSelectProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  if (!compact) return null;
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
      value={list.sort ? `${list.sort}:${list.order}` : null}
      placeholder={t('data.sortBy')}
      onChange={(value) => {
        if (!value) return;
        const [column, direction] = value.split(':');
        if (column) list.setSort(column, direction === 'desc' ? 'desc' : 'asc');
      }}
    />
  );
}
