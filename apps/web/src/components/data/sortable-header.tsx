import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortOrder } from './use-url-list-state';

interface SortableHeaderProps {
  column: string;
  sort: string | undefined;
  order: SortOrder;
  onSort(column: string): void;
  children: ReactNode;
  /** A minimum width in pixels for a column that should not be squeezed (a name with its place under it). */
  miw?: number;
  /** A long label over short values (an amount) may take two lines rather than widen its column. */
  wrap?: boolean;
}

/** A column header that sorts the list by its column; a second click reverses the order. */
export function SortableHeader({ column, sort, order, onSort, children, miw, wrap = false }: SortableHeaderProps) {
  const active = sort === column;
  const Icon = active ? (order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: wrap ? 'normal' : 'nowrap', minWidth: miw }}
    >
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} stroke={1.8} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
