import type { WorkDashboard } from '@amp/contracts/dashboard';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClipboardCheck,
  IconClipboardList,
  IconFileInvoice,
  IconReceipt,
  IconShieldCheck,
  IconSparkles,
  IconTool,
  IconTools,
  type TablerIcon,
} from '@tabler/icons-react';
import { apiErrorText } from '../../components/api-error';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useWorkDashboard } from './dashboard-api';
import { SUMMARY_FIGURES, type SummaryFigure, summaryCardLinks } from './dashboard-links';
import { MonthlyChart } from './monthly-chart';
import { StatTile } from './stat-tile';

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
 * Everyone's but the super admin's and a supplier's (SPEC.md 2.4): service requests, work orders,
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
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('dashboard.summary.title')}
      </Title>
      {summary.isError ? (
        <Alert color="red">{apiErrorText(summary.error)}</Alert>
      ) : (
        <Stack gap="lg">
          {data && isEmpty(data) ? (
            <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="dashboard-empty">
              <ThemeIcon size={36} radius="xl" variant="light" color="teal" aria-hidden>
                <IconSparkles size={20} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                {t('dashboard.summary.empty')}
              </Text>
            </Group>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {SUMMARY_FIGURES.map((key) =>
              data ? (
                <StatTile
                  key={key}
                  testId={`figure-${key}`}
                  label={t(`dashboard.summary.${key}`)}
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
            title={t('dashboard.summary.chartTitle')}
            categories={data?.categories}
            series={[
              { name: 'sr', label: t('dashboard.summary.srSeries'), color: 'blue.6', data: data?.srData ?? [] },
              { name: 'wo', label: t('dashboard.summary.woSeries'), color: 'orange.6', data: data?.woData ?? [] },
              { name: 'po', label: t('dashboard.summary.poSeries'), color: 'grape.6', data: data?.poData ?? [] },
            ]}
          />
        </Stack>
      )}
    </Card>
  );
}
