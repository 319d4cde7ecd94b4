import { SR_PRIORITIES } from '@amp/contracts/service-request';
import { SLA_CLOCK_STATES } from '@amp/contracts/sla-clock';
import { Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { FilterSelect } from './filter-select';
import type { UrlListState } from './use-url-list-state';
import type { WorkflowTexts } from './workflow-texts';

/** The width of a workflow list's filters from the `xs` breakpoint up. */
export const FILTER_WIDTH = 180;

/** The list whose URL state holds the filters named. */
type ListWith<F extends string> = Pick<UrlListState<F>, 'filters' | 'setFilter'>;

/** By status: the statuses the open tab can hold (a finished status under an open tab would only ever show nothing). */
export function StatusFilter({ list, texts, statuses }: { list: ListWith<'status'>; texts: WorkflowTexts; statuses: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      list={list}
      filter="status"
      label={t(`${texts}.filter.status`)}
      placeholder={t(`${texts}.filter.allStatuses`)}
      searchable={false}
      width={FILTER_WIDTH}
      data={statuses.map((status) => ({ value: status, label: t(`${texts}.status.${status}`) }))}
    />
  );
}

/** By priority (a work order takes its request's priorities). */
export function PriorityFilter({ list, texts }: { list: ListWith<'priority'>; texts: 'serviceRequests' | 'workOrders' }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      list={list}
      filter="priority"
      label={t(`${texts}.filter.priority`)}
      placeholder={t(`${texts}.filter.allPriorities`)}
      searchable={false}
      width={FILTER_WIDTH}
      data={SR_PRIORITIES.map((priority) => ({ value: priority, label: t(`${texts}.priority.${priority}`) }))}
    />
  );
}

interface SlaFilterProps {
  list: ListWith<'sla'>;
  texts: 'serviceRequests' | 'workOrders';
  /** The tab holds finished records, whose clock has stopped: met or breached, never "due soon". */
  finished: boolean;
}

/** By the state of the SLA clock. */
export function SlaFilter({ list, texts, finished }: SlaFilterProps) {
  const { t } = useTranslation();
  const states = finished ? SLA_CLOCK_STATES.filter((state) => state !== 'due_soon') : SLA_CLOCK_STATES;
  return (
    <FilterSelect
      list={list}
      filter="sla"
      label={t(`${texts}.filter.sla`)}
      placeholder={t(`${texts}.filter.allSla`)}
      searchable={false}
      width={FILTER_WIDTH}
      data={states.map((state) => ({
        value: state,
        label: t(finished && state === 'on_time' ? `${texts}.sla.met` : `${texts}.sla.${state}`),
      }))}
    />
  );
}

/** From and to dates, each bounding the other, as `from` and `to` in the URL (a workflow list's or a report's). */
export function DateRangeFilter({ list, texts }: { list: ListWith<'from' | 'to'>; texts: 'faults' | 'workOrders' | 'reports' }) {
  const { t } = useTranslation();
  const dateInput = (key: 'from' | 'to') => (
    <TextInput
      type="date"
      aria-label={t(`${texts}.filter.${key}`)}
      leftSection={
        <Text size="xs" c="dimmed">
          {t(`${texts}.filter.${key}Short`)}
        </Text>
      }
      leftSectionWidth={48}
      w={{ base: '100%', xs: 190 }}
      value={list.filters[key] ?? ''}
      max={key === 'from' ? list.filters.to : undefined}
      min={key === 'to' ? list.filters.from : undefined}
      onChange={(event) => list.setFilter(key, event.currentTarget.value || null)}
    />
  );
  return (
    <>
      {dateInput('from')}
      {dateInput('to')}
    </>
  );
}
