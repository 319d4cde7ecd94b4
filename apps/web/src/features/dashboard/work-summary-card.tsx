import type { WorkDashboard } from '@amp/contracts/dashboard';
import {
  IconAlertTriangle,
  IconClipboardCheck,
  IconClipboardList,
  IconFileInvoice,
  IconReceipt,
  IconShieldCheck,
  IconTool,
  IconTools,
  type TablerIcon,
} from '@tabler/icons-react';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useWorkDashboard } from './dashboard-api';
import { SUMMARY_FIGURES, type SummaryFigure, summaryCardLinks } from './dashboard-links';
import { DashboardSummaryCard } from './dashboard-summary-card';
import { MonthlyChart } from './monthly-chart';

const LOOK: Record<SummaryFigure, { icon: TablerIcon; color: string }> = {
  openedSr: { icon: IconClipboardList, color: 'blue' },
  closedSr: { icon: IconClipboardCheck, color: 'teal' },
  openedWo: { icon: IconTool, color: 'orange' },
  closedWo: { icon: IconTools, color: 'green' },
  openedFaults: { icon: IconAlertTriangle, color: 'red' },
  closedFaults: { icon: IconShieldCheck, color: 'gray' },
  openedPO: { icon: IconFileInvoice, color: 'grape' },
  closedPO: { icon: IconReceipt, color: 'indigo' },
};

const isEmpty = (data: WorkDashboard) => SUMMARY_FIGURES.every((key) => data[key] === 0);

/**
 * Everyone's but the super admin's and a supplier's (docs/product.md#dashboard): service requests, work orders,
 * faults and purchase orders of the user's side, opened and closed, each card leading to its list
 * when the user may open it, and what was created per month.
 */
export function WorkSummaryCard() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const summary = useWorkDashboard();
  const data = summary.data;
  const links = summaryCardLinks(can);

  return (
    <DashboardSummaryCard
      title={t('dashboard.summary.title')}
      query={summary}
      emptyNote={data && isEmpty(data) ? t('dashboard.summary.empty') : null}
      cols={{ base: 2, sm: 4 }}
      figures={SUMMARY_FIGURES.map((key) => ({
        key,
        label: t(`dashboard.summary.${key}`),
        value: data?.[key],
        ...LOOK[key],
        to: links[key],
      }))}
    >
      <MonthlyChart
        title={t('dashboard.summary.chartTitle')}
        categories={data?.categories}
        series={[
          { name: 'sr', label: t('dashboard.summary.srSeries'), color: 'blue.6', data: data?.srData ?? [] },
          { name: 'wo', label: t('dashboard.summary.woSeries'), color: 'orange.6', data: data?.woData ?? [] },
          { name: 'po', label: t('dashboard.summary.poSeries'), color: 'grape.6', data: data?.poData ?? [] },
        ]}
      />
    </DashboardSummaryCard>
  );
}
