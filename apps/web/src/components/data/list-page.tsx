import { Stack } from '@mantine/core';
import { Fragment, type ReactNode, useState } from 'react';
import type { Page } from '../../lib/api';
import { FilterPanel, type FilterPanelOptions, FilterPanelToggle } from './filter-panel';
import { ListEmpty } from './list-feedback';
import { ListToolbar } from './list-toolbar';
import { ListPaginationFooter } from './pagination-footer';
import { ResponsiveList } from './responsive-list';
import { useCompactLayout } from './use-compact-layout';
import type { UrlListState } from './use-url-list-state';

export interface ListPageEmpty {
  icon: ReactNode;
  /** Nothing at all yet. */
  title: string;
  hint?: string;
  /** A search or a filter leaves nothing (the user is offered to clear them). */
  noMatchTitle: string;
  noMatchHint?: string;
  /** Under the empty list, when there is nothing at all yet (e.g. "Create SLA"). */
  action?: ReactNode;
}

interface ListPageProps<T extends { _id: string }> {
  /** The list's page, search and filters, kept in the URL. */
  list: Pick<
    UrlListState<string>,
    'search' | 'setSearch' | 'filters' | 'narrowed' | 'resetFilters' | 'page' | 'pageSize' | 'setPage' | 'setPageSize'
  >;
  /** The query of one page of the list. */
  query: {
    data?: Page<T>;
    isError: boolean;
    error: unknown;
    isPending: boolean;
    isPlaceholderData: boolean;
    refetch(): unknown;
  };
  searchPlaceholder: string;
  /** Filter inputs after the search box, and buttons on the right of the toolbar. */
  filters?: ReactNode;
  actions?: ReactNode;
  /** Filters under the toolbar that fold away behind a button on a phone and stay in view on a desktop. */
  filterPanel?: FilterPanelOptions;
  /** Between the toolbar and the list: a filter shown as a chip. */
  above?: ReactNode;
  empty: ListPageEmpty;
  /** A row as a card (a ListCard) on a narrow screen. */
  card(row: T): ReactNode;
  cardSkeleton: { count: number; height: number };
  /** The table on a wider screen: its header cells, one Table.Tr per row. */
  table: { minWidth: number; columns: number; header: ReactNode; row(row: T): ReactNode };
  fixedPageSize?: boolean;
  /** Modals and drawers the page opens. */
  children?: ReactNode;
}

/**
 * The scaffold every list page shares: search and filters, the rows as cards on a phone and a
 * table otherwise, loading, error and empty states (nothing yet, or nothing matching with a way
 * to clear the filters), and the pages under it.
 */
export function ListPage<T extends { _id: string }>({
  list,
  query,
  searchPlaceholder,
  filters,
  actions,
  filterPanel,
  above,
  empty,
  card,
  cardSkeleton,
  table,
  fixedPageSize,
  children,
}: ListPageProps<T>) {
  const compact = useCompactLayout();
  const rows = query.data?.data ?? [];
  const activeFilters = Object.values(list.filters).filter(Boolean).length;
  const [filtersOpen, setFiltersOpen] = useState(() => Boolean(filterPanel?.openWhenFiltered) && activeFilters > 0);

  let emptyState: ReactNode = null;
  if (!query.isPending && rows.length === 0) {
    emptyState = list.narrowed ? (
      <ListEmpty icon={empty.icon} title={empty.noMatchTitle} description={empty.noMatchHint} onReset={list.resetFilters} />
    ) : (
      <Stack align="center" gap={0} pb={empty.action ? 'xl' : undefined}>
        <ListEmpty icon={empty.icon} title={empty.title} description={empty.hint} />
        {empty.action}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={searchPlaceholder}
        filters={filters}
        actions={
          filterPanel && compact ? (
            <>
              <FilterPanelToggle
                panelId={filterPanel.id}
                label={filterPanel.buttonLabel}
                active={activeFilters}
                opened={filtersOpen}
                onToggle={() => setFiltersOpen((open) => !open)}
              />
              {actions}
            </>
          ) : (
            actions
          )
        }
      />
      {filterPanel ? (
        <FilterPanel id={filterPanel.id} expanded={!compact || filtersOpen}>
          {filterPanel.content}
        </FilterPanel>
      ) : null}
      {above}
      <ResponsiveList
        query={query}
        compact={compact}
        empty={emptyState}
        cardSkeleton={cardSkeleton}
        cards={rows.map((row) => <Fragment key={row._id}>{card(row)}</Fragment>)}
        tableMinWidth={table.minWidth}
        columns={table.columns}
        header={table.header}
        rows={rows.map((row) => <Fragment key={row._id}>{table.row(row)}</Fragment>)}
      />
      <ListPaginationFooter list={list} meta={query.data?.meta} fixedPageSize={fixedPageSize} />
      {children}
    </Stack>
  );
}
