import { Select, type SelectProps } from '@mantine/core';
import type { UrlListState } from './use-url-list-state';

interface FilterSelectProps<F extends string> {
  /** The list whose URL state holds the filter. */
  list: Pick<UrlListState<F>, 'filters' | 'setFilter'>;
  /** The query-string key the filter is kept under (e.g. `status`). */
  filter: F;
  /** The filter's accessible name; it has no visible label. */
  label: string;
  /** Shown while no value is chosen (e.g. "All statuses"). */
  placeholder: string;
  data: SelectProps['data'];
  /** The width from the `xs` breakpoint up; on a phone the filter takes the whole row. */
  width?: number;
  searchable?: boolean;
  /** Instead of setting the filter alone (e.g. to clear a dependent filter in the same URL change). */
  onChange?(value: string | null): void;
}

/** A clearable select above a list that narrows it by one URL filter. */
export function FilterSelect<F extends string>({
  list,
  filter,
  label,
  placeholder,
  data,
  width = 200,
  searchable = true,
  onChange,
}: FilterSelectProps<F>) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      clearable
      searchable={searchable}
      w={{ base: '100%', xs: width }}
      data={data}
      value={list.filters[filter] ?? null}
      onChange={onChange ?? ((value) => list.setFilter(filter, value))}
    />
  );
}
