import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { formatDateTime } from '../data/format';
import { ListCard } from '../data/list-card';
import { ListEmpty } from '../data/list-feedback';
import { PaginationFooter } from '../data/pagination-footer';
import { ResponsiveList } from '../data/responsive-list';
import { useCompactLayout } from '../data/use-compact-layout';
import { type ImportEndpoints, type ImportJob, RECENT_PAGE_SIZE, useRecentImports } from './import-api';
import { formatCount, IMPORT_STATUS_COLORS } from './import-format';

function StatusBadge({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  return (
    <Badge color={IMPORT_STATUS_COLORS[job.status]} variant="light" styles={{ root: { flexShrink: 0 } }}>
      {t(`assetImport.status.${job.status}`)}
    </Badge>
  );
}

interface RecentImportsProps {
  endpoints: ImportEndpoints;
  /** The job on screen, marked in the list. */
  currentId: string | null;
  onOpen(id: string): void;
}

/** The organisation's latest imports of this kind, to come back to a result (or a running one). */
export function RecentImports({ endpoints, currentId, onOpen }: RecentImportsProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const [page, setPage] = useState(1);
  const query = useRecentImports(endpoints, page);
  const jobs = query.data?.data ?? [];
  const rows = (job: ImportJob) => formatCount(job.status === 'succeeded' ? job.processedRows : job.totalRows);
  const open = (job: ImportJob) => (
    <Anchor
      component="button"
      type="button"
      fw={job._id === currentId ? 700 : 500}
      onClick={() => onOpen(job._id)}
      aria-label={t('assetImport.recent.showFile', { file: job.fileName })}
      style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
    >
      {job.fileName}
    </Anchor>
  );
  const empty =
    !query.isPending && jobs.length === 0 ? (
      <ListEmpty icon={<IconFileImport size={32} stroke={1.5} />} title={t('assetImport.recent.empty')} />
    ) : null;

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('assetImport.recent.title')}
      </Title>
      <ResponsiveList
        query={query}
        compact={compact}
        cardSkeleton={{ count: 2, height: 90 }}
        columns={6}
        tableMinWidth={720}
        empty={empty}
        cards={jobs.map((job) => (
          <ListCard key={job._id} title={open(job)} aside={<StatusBadge job={job} />} onOpen={() => onOpen(job._id)}>
            <Text size="sm" c="dimmed">
              {t('assetImport.recent.summary', { rows: rows(job), errors: formatCount(job.errorCount) })}
            </Text>
            <Text size="sm" c="dimmed">
              {[job.createdBy?.name, formatDateTime(job.createdAt)].filter(Boolean).join(' · ')}
            </Text>
          </ListCard>
        ))}
        header={
          <>
            <Table.Th>{t('assetImport.recent.file')}</Table.Th>
            <Table.Th>{t('assetImport.recent.status')}</Table.Th>
            <Table.Th ta="end">{t('assetImport.recent.rows')}</Table.Th>
            <Table.Th ta="end">{t('assetImport.recent.errors')}</Table.Th>
            <Table.Th>{t('assetImport.recent.by')}</Table.Th>
            <Table.Th>{t('assetImport.recent.date')}</Table.Th>
          </>
        }
        rows={jobs.map((job) => (
          <Table.Tr key={job._id} bg={job._id === currentId ? 'var(--mantine-color-blue-light)' : undefined}>
            <Table.Td>{open(job)}</Table.Td>
            <Table.Td>
              <StatusBadge job={job} />
            </Table.Td>
            <Table.Td ta="end">{rows(job)}</Table.Td>
            <Table.Td ta="end">{formatCount(job.errorCount)}</Table.Td>
            <Table.Td>{job.createdBy?.name ?? '–'}</Table.Td>
            <Table.Td>{formatDateTime(job.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      />
      {query.data ? (
        <PaginationFooter
          page={page}
          pageSize={RECENT_PAGE_SIZE}
          total={query.data.meta.total}
          pageCount={query.data.meta.pageCount}
          onPageChange={setPage}
        />
      ) : null}
    </Stack>
  );
}
