import { koboToNaira } from '@amp/contracts/naira';
import { IconCircleX, IconInbox, IconPackageExport, IconThumbUp, IconTruckDelivery, type TablerIcon } from '@tabler/icons-react';
import { formatNaira } from '../../components/data/format';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useSupplierDashboard } from './dashboard-api';
import { SUPPLIER_FIGURES, type SupplierFigure, supplierCardLinks } from './dashboard-links';
import { DashboardSummaryCard } from './dashboard-summary-card';
import { MonthlyChart } from './monthly-chart';

const LOOK: Record<SupplierFigure, { icon: TablerIcon; color: string }> = {
  received: { icon: IconInbox, color: 'blue' },
  accepted: { icon: IconThumbUp, color: 'teal' },
  toDispatch: { icon: IconPackageExport, color: 'orange' },
  delivered: { icon: IconTruckDelivery, color: 'green' },
  declined: { icon: IconCircleX, color: 'red' },
};

const compact = (language: string) => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A supplier's dashboard (docs/product.md#dashboard): the purchase orders sent to it, where they stand, and their
 * value per month. Buyers do not rate suppliers in this product, so there is no rating.
 */
export function SupplierDashboardCard() {
  const { t, i18n } = useTranslation();
  const { can } = useAuth();
  const summary = useSupplierDashboard();
  const data = summary.data;
  const links = supplierCardLinks(can);

  return (
    <DashboardSummaryCard
      title={t('dashboard.supplier.title')}
      query={summary}
      emptyNote={data && data.received === 0 ? t('dashboard.supplier.empty') : null}
      cols={{ base: 2, sm: 3, md: 5 }}
      figures={SUPPLIER_FIGURES.map((key) => ({
        key,
        label: t(`dashboard.supplier.${key}`),
        value: data?.[key],
        ...LOOK[key],
        to: links[key],
      }))}
    >
      <MonthlyChart
        title={t('dashboard.supplier.valueChart')}
        categories={data?.categories}
        series={[
          {
            name: 'value',
            label: t('dashboard.supplier.valueSeries'),
            color: 'teal.6',
            data: (data?.valueData ?? []).map((kobo) => kobo / 100),
          },
        ]}
        valueFormatter={(naira) => formatNaira(koboToNaira(Math.round(naira * 100)))}
        axisFormatter={(naira) => compact(i18n.language).format(naira)}
      />
      <MonthlyChart
        title={t('dashboard.supplier.countChart')}
        categories={data?.categories}
        series={[{ name: 'orders', label: t('dashboard.supplier.countSeries'), color: 'blue.6', data: data?.poData ?? [] }]}
      />
    </DashboardSummaryCard>
  );
}
