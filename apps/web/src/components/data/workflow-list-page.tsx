import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ListPage } from './list-page';
import { WorkflowTabs } from './workflow-tabs';
import type { WorkflowTexts } from './workflow-texts';

type ListPageProps<R extends { _id: string }> = ComponentProps<typeof ListPage<R>>;

interface WorkflowListPageProps<T extends string, R extends { _id: string }>
  extends Pick<ListPageProps<R>, 'list' | 'query' | 'actions' | 'card' | 'cardSkeleton' | 'table'> {
  texts: WorkflowTexts;
  tabs: readonly T[];
  tab: T;
  /** A tab was clicked (the open one too). */
  onTabChange(tab: T): void;
  counts: Partial<Record<T, number>> | undefined;
  /** The tab whose count asks for action: orange while above zero. */
  urgentTab?: T;
  /** The filter panel's element id. */
  filterPanelId: string;
  /** The filter panel's inputs. */
  filters: ReactNode;
  emptyIcon: ReactNode;
  /** Under the list while the tab holds nothing yet (e.g. "New purchase order"). */
  emptyAction?: ReactNode;
}

/**
 * A workflow's list page: its tabs with their counts, and the open tab's list with search, a filter
 * panel (open on a phone when a link carries a filter) and what an empty tab says, all in the
 * workflow's own words (`list.searchPlaceholder`, `list.filters`, `empty.<tab>`, `emptyHint.<tab>`,
 * `list.noMatch`, `list.noMatchHint`).
 */
export function WorkflowListPage<T extends string, R extends { _id: string }>({
  texts,
  tabs,
  tab,
  onTabChange,
  counts,
  urgentTab,
  filterPanelId,
  filters,
  emptyIcon,
  emptyAction,
  ...listProps
}: WorkflowListPageProps<T, R>) {
  const { t } = useTranslation();
  return (
    <WorkflowTabs texts={texts} tabs={tabs} value={tab} onChange={onTabChange} counts={counts} urgentTab={urgentTab}>
      <ListPage
        {...listProps}
        searchPlaceholder={t(`${texts}.list.searchPlaceholder`)}
        filterPanel={{ id: filterPanelId, buttonLabel: t(`${texts}.list.filters`), openWhenFiltered: true, content: filters }}
        empty={{
          icon: emptyIcon,
          title: t(`${texts}.empty.${tab}`),
          hint: t(`${texts}.emptyHint.${tab}`),
          noMatchTitle: t(`${texts}.list.noMatch`),
          noMatchHint: t(`${texts}.list.noMatchHint`),
          action: emptyAction,
        }}
      />
    </WorkflowTabs>
  );
}
