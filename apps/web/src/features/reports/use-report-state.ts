import type { ReportFilter, ReportFilterKey, ReportId } from '@amp/contracts/report';
import { REPORT_FILTERS, reportViews } from '@amp/contracts/report';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlListState } from '../../components/data/use-url-list-state';

export type { ReportFilterKey };

/**
 * A report's filters, view, page and sort, all in the URL so a report can be shared, reloaded and
 * walked with the back button. The view is kept apart from the filters: Reset clears the filters
 * and keeps the table one is looking at.
 */
export function useReportState(report: ReportId) {
  // The filters this report reads (contracts), in the order the filter bar shows them.
  const keys: readonly ReportFilterKey[] = REPORT_FILTERS[report];
  const list = useUrlListState<ReportFilterKey>({ filters: keys, order: 'desc' });
  const [params, setParams] = useSearchParams();
  const views = useMemo(() => reportViews(report), [report]);
  const requested = params.get('view');
  const view = requested && views.includes(requested) ? requested : (views[0] as string);

  const filter = useMemo(() => {
    const set: ReportFilter = {};
    for (const key of keys) if (list.filters[key]) set[key] = list.filters[key];
    return set;
  }, [list.filters, keys]);

  // A new table has other columns: its page and sort start over.
  const setView = useCallback(
    (next: string) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === views[0]) updated.delete('view');
        else updated.set('view', next);
        for (const key of ['page', 'sort', 'order']) updated.delete(key);
        return updated;
      }),
    [setParams, views],
  );

  return { list, filter, view, views, setView, filtered: Object.keys(filter).length > 0 };
}

export type ReportState = ReturnType<typeof useReportState>;
