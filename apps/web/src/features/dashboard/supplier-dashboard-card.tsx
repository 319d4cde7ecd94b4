import { koboToNaira } from '@amp/contracts/money';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCircleX,
  IconInbox,
  IconPackageExport,
  IconSparkles,
  IconThumbUp,
  IconTruckDelivery,
  type TablerIcon,
} from '@tabler/icons-react';
import { apiErrorText } from '../../components/api-error';
import { formatNaira } from '../../components/data/format';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useSupplierDashboard } from './dashboard-api';
import { SUPPLIER_FIGURES, type SupplierFigure, supplierCardLinks } from './dashboard-links';
import { MonthlyChart } from './monthly-chart';
import { StatTile } from './stat-tile';

const LOOK: Record<SupplierFigure, { icon: TablerIcon; color: string }> = {
  received: { icon: IconInbox, color: 'blue' },
  accepted: { icon: IconThumbUp, color: 'teal' },
  toDispatch: { icon: IconPackageExport, color: 'orange' },
  delivered: { icon: IconTruckDelivery, color: 'green' },
  declined: { icon: IconCircleX, color: 'red' },
};

const compact = (language: string) => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A supplier's dashboard (SPEC.md 2.4): the purchase orders sent to it, where they stand, and their
 * value per month. Buyers do not rate suppliers in this product, so there is no rating.
 */
export function SupplierDashboardCard() {
  const { t, i18n } = useTranslation();
  const { can } = useAuth();
  const summary = useSupplierDashboard();
  const data = summary.data;
  const links = supplierCardLinks(can);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('dashboard.supplier.title')}
      </Title>
      {summary.isError ? (
        <Alert color="red">{apiErrorText(summary.error)}</Alert>
      ) : (
        <Stack gap="lg">
          {data && data.received === 0 ? (
            <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="dashboard-empty">
              <ThemeIcon size={36} radius="xl" variant="light" color="teal" aria-hidden>
                <IconSparkles size={20} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                {t('dashboard.supplier.empty')}
              </Text>
            </Group>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
            {SUPPLIER_FIGURES.map((key) =>
              data ? (
                <StatTile
                  key={key}
                  testId={`figure-${key}`}
                  label={t(`dashboard.supplier.${key}`)}
                  value={data[key]}
                  icon={LOOK[key].icon}
                  color={LOOK[key].color}
                  to={links[key]}
                />
              ) : (
                <Skeleton key={key} h={74} radius="md" />
              ),
            )}
          </SimpleGrid>
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
        </Stack>
      )}
    </Card>
  );
}
