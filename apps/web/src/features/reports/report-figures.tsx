import type { ReportFigure } from '@amp/contracts/report';
import { SimpleGrid, Skeleton } from '@mantine/core';
import { FigureCard } from '../../components/data/figure-card';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { formatValue, readerKey } from './report-format';

const GRID = { base: 2, sm: 3, lg: 4 } as const;

/** The report's headline figures as cards; a figure without data says so rather than showing 0. */
export function ReportFigures({ figures }: { figures: readonly ReportFigure[] }) {
  const { t } = useTranslation();
  const kind = useAuth().user?.organisation.kind;
  return (
    <SimpleGrid cols={GRID} spacing="sm" className="report-figures">
      {figures.map((figure) => (
        <FigureCard
          key={figure.key}
          label={t(readerKey(`reports.figure.${figure.key}`, kind), { defaultValue: figure.key })}
          value={figure.value === null ? t('reports.noData') : formatValue(t, figure.kind, figure.value)}
          empty={figure.value === null}
        />
      ))}
    </SimpleGrid>
  );
}

export function ReportFiguresSkeleton() {
  return (
    <SimpleGrid cols={GRID} spacing="sm" aria-hidden>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={index} height={76} radius="md" />
      ))}
    </SimpleGrid>
  );
}
