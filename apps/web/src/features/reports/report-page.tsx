import type { ReportExportFormat, ReportId, ReportOptions } from '@amp/contracts/report';
import { reportColumns } from '@amp/contracts/report';
import { Button, Stack, Tabs, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../components/data/format';
import { ListError } from '../../components/data/list-feedback';
import { notifyError } from '../../components/data/server-errors';
import { useAuth } from '../../lib/auth';
import { type TFunction, useTranslation } from '../../lib/i18n';
import { ReportCharts, ReportChartsSkeleton } from './report-charts';
import { ReportFigures, ReportFiguresSkeleton } from './report-figures';
import { partyLabelKey, ReportFilterBar } from './report-filter-bar';
import { ReportTable } from './report-table';
import { exportReport, useReportOptions, useReportRows, useReportSummary } from './reports-api';
import { type ReportState, useReportState } from './use-report-state';
import './report-print.css';

/**
 * A report (docs/product.md#reports), drawn from its description in the contract: the filters, the headline
 * figures and charts of the summary, and the chosen view's table, which exports whole as CSV or
 * XLSX. Printed, only the figures, charts and the table's current rows show (report-print.css).
 */
export function ReportPage({ report }: { report: ReportId }) {
  const { t } = useTranslation();
  const state = useReportState(report);
  const { list, filter, view, views } = state;
  const options = useReportOptions(report);
  const summary = useReportSummary(report, filter);
  const rows = useReportRows(report, {
    ...filter,
    view,
    page: list.page,
    pageSize: list.pageSize,
    sort: list.sort,
    order: list.sort ? list.order : undefined,
  });
  const columns = reportColumns(report, view) ?? [];

  return (
    <Stack gap="lg" className="report-page">
      <ReportFilterBar report={report} state={state} options={options.data} actions={<ReportActions report={report} state={state} />} />
      {options.isError ? <ListError error={options.error} onRetry={() => options.refetch()} /> : null}
      <PrintedFilters report={report} state={state} options={options.data} />

      {summary.isError ? (
        <ListError error={summary.error} onRetry={() => summary.refetch()} />
      ) : summary.isPending ? (
        <>
          <ReportFiguresSkeleton />
          <ReportChartsSkeleton />
        </>
      ) : (
        <Stack gap="lg" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }} aria-busy={summary.isFetching}>
          <ReportFigures figures={summary.data.figures} />
          <ReportCharts charts={summary.data.charts} />
        </Stack>
      )}

      <section aria-label={t('reports.table')}>
        {views.length > 1 ? (
          <Tabs value={view} onChange={(next) => next && state.setView(next)} mb="md" className="report-no-print">
            <Tabs.List>
              {views.map((one) => (
                <Tabs.Tab key={one} value={one}>
                  {t(`reports.view.${one}`, { defaultValue: one })}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        ) : null}
        {views.length > 1 ? (
          <Text className="report-print-only" fw={600} mb="xs">
            {t(`reports.view.${view}`, { defaultValue: view })}
          </Text>
        ) : null}
        <ReportTable columns={columns} state={state} query={rows} />
      </section>
    </Stack>
  );
}

/** Export the whole view as CSV or XLSX (the button spins while the file comes), and print. */
function ReportActions({ report, state }: { report: ReportId; state: ReportState }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  const download = (format: ReportExportFormat) => {
    setBusy(format);
    exportReport(report, state.view, format, state.filter)
      .catch((error: unknown) => notifyError(error))
      .finally(() => setBusy(null));
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        loading={busy === 'csv'}
        disabled={busy !== null && busy !== 'csv'}
        onClick={() => download('csv')}
      >
        {t('reports.export.csv')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        loading={busy === 'xlsx'}
        disabled={busy !== null && busy !== 'xlsx'}
        onClick={() => download('xlsx')}
      >
        {t('reports.export.xlsx')}
      </Button>
      <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
        {t('reports.print')}
      </Button>
    </>
  );
}

/** The filters in words, shown only on paper, so a printed report says what it covers. */
function PrintedFilters({ report, state, options }: { report: ReportId; state: ReportState; options: ReportOptions | undefined }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const parts = describeFilters(t, report, state, options, user?.organisation.kind);
  return (
    <Text className="report-print-only" size="sm">
      {parts.length > 0 ? parts.join(' · ') : t('reports.printAll')}
    </Text>
  );
}

function describeFilters(t: TFunction, report: ReportId, state: ReportState, options: ReportOptions | undefined, kind: string | undefined) {
  const { filter } = state;
  const nameIn = (items: { _id: string; name: string }[] | undefined, id: string) => items?.find((item) => item._id === id)?.name ?? id;
  const parts: string[] = [];
  if (filter.from) parts.push(`${t('reports.filter.from')}: ${formatDate(filter.from)}`);
  if (filter.to) parts.push(`${t('reports.filter.to')}: ${formatDate(filter.to)}`);
  if (filter.clusterId) parts.push(`${t('reports.filter.cluster')}: ${nameIn(options?.clusters, filter.clusterId)}`);
  if (filter.state)
    parts.push(`${t('reports.filter.state')}: ${options?.states.find((s) => s.alias === filter.state)?.name ?? filter.state}`);
  if (filter.categoryId) parts.push(`${t('reports.filter.category')}: ${nameIn(options?.categories, filter.categoryId)}`);
  if (filter.partyId) parts.push(`${t(`reports.filter.${partyLabelKey(report, kind)}`)}: ${nameIn(options?.parties, filter.partyId)}`);
  if (filter.warehouseId) parts.push(`${t('reports.filter.warehouse')}: ${nameIn(options?.warehouses, filter.warehouseId)}`);
  return parts;
}
