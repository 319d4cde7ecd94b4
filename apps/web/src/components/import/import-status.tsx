import { IMPORT_MAX_STORED_ERRORS, type ImportError } from '@amp/contracts/asset-import';
import { Alert, Button, Group, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileUpload, IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { translateApiText } from '../api-error';
import { ListCard } from '../data/list-card';
import { PaginationFooter } from '../data/pagination-footer';
import { notifyError } from '../data/server-errors';
import { useCompactLayout } from '../data/use-compact-layout';
import { downloadErrors, type ImportEndpoints, type ImportJob, isFinished } from './import-api';
import { formatCount, importErrorText } from './import-format';

/**
 * The translation keys of a subject's own sentences about its import (the shared ones are the
 * asset import's, assetImport.* in locales/<lang>/asset-import.json, where the import began).
 */
export interface ImportTexts {
  /** The template card's hint. */
  templateHint: string;
  /** While the rows are checked against the database: {total}. */
  validating: string;
  /** While they are written: {total}. */
  writing: string;
  /** The result of a success: {file}, {count} (the records written). */
  written: string;
  /** The result of a file with errors: {count}. */
  errors: string;
  /** Said after the reason an import failed without row errors. */
  nothingWritten: string;
  /** The button to the records' list after a success. */
  viewList: string;
}

/** The upload under way: the file's name and the share sent. */
export function UploadProgress({ name, fraction, onCancel }: { name: string; fraction: number; onCancel(): void }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <FileTitle name={name} />
        <Text size="sm" aria-live="polite">
          {t('assetImport.upload.progress', { percent })}
        </Text>
        <Progress value={percent} size="lg" radius="xl" aria-label={t('assetImport.upload.progress', { percent })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('assetImport.upload.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function FileTitle({ name }: { name: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconFileUpload size={20} aria-hidden style={{ flexShrink: 0 }} />
      <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Title>
    </Group>
  );
}

/** What the job is doing, as a sentence, and how far it is (undefined: no measure, an animated bar). */
function phaseOf(
  job: ImportJob,
  texts: ImportTexts,
  t: (key: string, params?: Record<string, unknown>) => string,
): { text: string; value?: number } {
  const total = formatCount(job.totalRows);
  switch (job.status) {
    case 'queued':
      return { text: t('assetImport.phase.queued') };
    case 'reading':
      if (job.processedRows === 0 && job.totalRows === 0) return { text: t('assetImport.phase.queued') };
      if (job.totalRows === 0) return { text: t('assetImport.phase.readingCount', { processed: formatCount(job.processedRows) }) };
      return {
        text: t('assetImport.phase.reading', { processed: formatCount(Math.min(job.processedRows, job.totalRows)), total }),
        value: Math.min(100, (job.processedRows / job.totalRows) * 100),
      };
    case 'validating':
      return { text: t(texts.validating, { total }) };
    default:
      return { text: t(texts.writing, { total }) };
  }
}

interface ImportStatusProps {
  job: ImportJob | undefined;
  endpoints: ImportEndpoints;
  texts: ImportTexts;
  /** Where the records are listed. */
  listPath: string;
  /** Another file: back to the upload. */
  onAnother(): void;
}

/** A job: its progress while it runs, then its result (a summary, or its errors with nothing written). */
export function ImportStatus({ job, endpoints, texts, listPath, onAnother }: ImportStatusProps) {
  const { t } = useTranslation();
  if (!job) {
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Skeleton height={22} width="40%" />
          <Skeleton height={16} radius="xl" />
        </Stack>
      </Paper>
    );
  }
  if (!isFinished(job)) {
    const phase = phaseOf(job, texts, t);
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <FileTitle name={job.fileName} />
          <Text size="sm" aria-live="polite">
            {phase.text}
          </Text>
          <Progress
            value={phase.value ?? 100}
            animated={phase.value === undefined}
            striped={phase.value === undefined}
            size="lg"
            radius="xl"
            aria-label={phase.text}
          />
          <Text size="xs" c="dimmed">
            {t('assetImport.phase.leave')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  const another = (
    <Button variant="default" leftSection={<IconFileUpload size={18} aria-hidden />} onClick={onAnother}>
      {t('assetImport.result.another')}
    </Button>
  );
  if (job.status === 'succeeded') {
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <FileTitle name={job.fileName} />
          <Alert color="teal" icon={<IconCircleCheck size={20} />} title={t('assetImport.result.succeeded')}>
            {t(texts.written, { file: job.fileName, count: formatCount(job.writtenRows) })}
          </Alert>
          <Group gap="sm">
            <Button component={Link} to={listPath} leftSection={<IconList size={18} aria-hidden />}>
              {t(texts.viewList)}
            </Button>
            {another}
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <FileTitle name={job.fileName} />
        <Alert color="red" icon={<IconAlertTriangle size={20} />} title={t('assetImport.result.failed')} role="alert">
          {job.errorCount > 0
            ? t(texts.errors, { count: formatCount(job.errorCount) })
            : `${translateApiText(job.failureMessage ?? t('ERROR.GENERIC'))} ${t(texts.nothingWritten)}`}
        </Alert>
        {job.errorCount > 0 ? <ErrorTable job={job} endpoints={endpoints} /> : null}
        <Group gap="sm">{another}</Group>
      </Stack>
    </Paper>
  );
}

/** Errors per page: fewer on a phone, where each is a card. */
const ERROR_PAGE_SIZE = { compact: 10, wide: 20 };

/** The job's first errors, a page at a time, and the download of all stored ones. */
function ErrorTable({ job, endpoints }: { job: ImportJob; endpoints: ImportEndpoints }) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const errors = job.errors;
  const pageSize = compact ? ERROR_PAGE_SIZE.compact : ERROR_PAGE_SIZE.wide;
  const shown = errors.slice((page - 1) * pageSize, page * pageSize);
  const column = (error: ImportError) => error.column || t('assetImport.errors.fileLevel');
  const download = () => {
    setDownloading(true);
    downloadErrors(endpoints, job)
      .catch((error: unknown) => notifyError(error))
      .finally(() => setDownloading(false));
  };
  const key = (error: ImportError, index: number) => `${error.row}-${error.column}-${index}`;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={4} size="h5">
          {t('assetImport.errors.title')}
        </Title>
        <Button variant="light" leftSection={<IconDownload size={18} aria-hidden />} loading={downloading} onClick={download}>
          {t('assetImport.errors.download')}
        </Button>
      </Group>
      {job.errorCount > errors.length ? (
        <Text size="sm" c="dimmed">
          {t('assetImport.errors.firstOnly', {
            shown: formatCount(errors.length),
            stored: formatCount(Math.min(job.errorCount, IMPORT_MAX_STORED_ERRORS)),
          })}
        </Text>
      ) : null}
      {compact ? (
        <Stack gap="xs">
          {shown.map((error, index) => (
            <ListCard
              key={key(error, index)}
              title={
                <Text fw={500} size="sm">
                  {t('assetImport.errors.rowLabel', { row: error.row })} · <code>{column(error)}</code>
                </Text>
              }
            >
              <Text size="sm">{importErrorText(error)}</Text>
            </ListCard>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>{t('assetImport.errors.row')}</Table.Th>
                <Table.Th w={190}>{t('assetImport.errors.column')}</Table.Th>
                <Table.Th>{t('assetImport.errors.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((error, index) => (
                <Table.Tr key={key(error, index)}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>
                    <code>{column(error)}</code>
                  </Table.Td>
                  <Table.Td>{importErrorText(error)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <PaginationFooter
        page={page}
        pageSize={pageSize}
        total={errors.length}
        pageCount={Math.ceil(errors.length / pageSize)}
        onPageChange={setPage}
      />
    </Stack>
  );
}
