import { REPORT_FILTERS, type ReportId, type ReportOptions } from '@amp/contracts/report';
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FilterPanel, FilterPanelToggle } from '../../components/data/filter-panel';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { DateRangeFilter } from '../../components/data/workflow-filters';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import type { ReportFilterKey, ReportState } from './use-report-state';

const PANEL_ID = 'report-filters';
const SELECT_WIDTH = 190;

/** The other party's name on this report: the supplier on the warehouse report, else whoever the reader's organisation is not. */
export function partyLabelKey(report: ReportId, kind: string | undefined): 'supplier' | 'buyer' | 'provider' | 'owner' {
  // The warehouse report's other party is who sold the purchase orders, or for a supplier who bought them.
  if (report === 'warehouse') return kind === 'supplier' ? 'buyer' : 'supplier';
  return kind === 'asset_owner' ? 'provider' : 'owner';
}

interface ReportFilterBarProps {
  report: ReportId;
  state: ReportState;
  options: ReportOptions | undefined;
  /** Export and print, on the bar's right. */
  actions: ReactNode;
}

/**
 * The report's filters, each kept in the URL: a date range and the choices the API offers the
 * caller (a choice with nothing to offer is left out, unless a shared link set it).
 */
export function ReportFilterBar({ report, state, options, actions }: ReportFilterBarProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const compact = useCompactLayout();
  const { list } = state;
  const active = Object.keys(state.filter).length;
  const [opened, setOpened] = useState(false);
  const party = partyLabelKey(report, user?.organisation.kind);

  const select = (key: ReportFilterKey, label: string, all: string, data: { value: string; label: string }[] | undefined) => {
    // Only the filters the report reads (the warehouse report has no cluster or category).
    if (!(REPORT_FILTERS[report] as readonly ReportFilterKey[]).includes(key)) return null;
    const value = list.filters[key] ?? null;
    if (!value && (data ?? []).length === 0) return null;
    // A chosen value the options do not (yet) hold still shows, so the filter can be seen and cleared.
    const choices = data ?? [];
    const shown = value && !choices.some((choice) => choice.value === value) ? [{ value, label: '…' }, ...choices] : choices;
    return (
      <Select
        key={key}
        aria-label={label}
        placeholder={all}
        clearable
        searchable
        nothingFoundMessage={t('reports.filter.nothingFound')}
        w={{ base: '100%', xs: SELECT_WIDTH }}
        data={shown}
        value={value}
        onChange={(next) => list.setFilter(key, next)}
      />
    );
  };

  const named = (items: { _id: string; name: string }[] | undefined) => items?.map((item) => ({ value: item._id, label: item.name }));
  const inputs = (
    <>
      <DateRangeFilter list={list} texts="reports" />
      {select('clusterId', t('reports.filter.cluster'), t('reports.filter.allClusters'), named(options?.clusters))}
      {select(
        'state',
        t('reports.filter.state'),
        t('reports.filter.allStates'),
        options?.states.map((state) => ({ value: state.alias, label: state.name })),
      )}
      {select('categoryId', t('reports.filter.category'), t('reports.filter.allCategories'), named(options?.categories))}
      {select('partyId', t(`reports.filter.${party}`), t(`reports.filter.all.${party}`), named(options?.parties))}
      {select('warehouseId', t('reports.filter.warehouse'), t('reports.filter.allWarehouses'), named(options?.warehouses))}
      {active > 0 ? (
        <Button variant="subtle" leftSection={<IconRefresh size={16} aria-hidden />} onClick={list.resetFilters}>
          {t('reports.filter.reset')}
        </Button>
      ) : null}
    </>
  );

  // On a desktop the filters fill the row and the buttons keep its right end; on a phone the
  // filters fold away behind a button that counts the ones set.
  return (
    <Stack gap="sm" className="report-no-print">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        {compact ? (
          <FilterPanelToggle
            panelId={PANEL_ID}
            label={t('reports.filter.button')}
            active={active}
            opened={opened}
            onToggle={() => setOpened((open) => !open)}
          />
        ) : (
          <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 600px' }}>
            {inputs}
          </Group>
        )}
        <Group gap="sm" wrap="wrap" ml="auto">
          {actions}
        </Group>
      </Group>
      {compact ? (
        <FilterPanel id={PANEL_ID} expanded={opened}>
          {inputs}
        </FilterPanel>
      ) : null}
    </Stack>
  );
}
