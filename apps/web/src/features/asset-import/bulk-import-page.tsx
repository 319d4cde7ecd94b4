import type { ImportMode } from '@amp/contracts/asset-import';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorText } from '../../components/api-error';
import { CreateAssetMenu } from '../../components/create-asset-menu';
import { useTranslation } from '../../lib/i18n';
import { importKeys, type UploadHandle, uploadImportFile, useImportJob } from './asset-import-api';
import { ImportColumns } from './import-columns';
import { ImportStatus, UploadProgress } from './import-status';
import { FileDrop, TemplateCard } from './import-upload';
import { RecentImports } from './recent-imports';

/**
 * /asset/bulk/add and /asset/bulk/update: download the template, upload a CSV or XLSX file, follow
 * the import, then see what was written or every error (nothing is written then). The job on
 * screen is kept in the URL (?import=id), so a reload or a link comes back to it.
 */
export function BulkImportPage({ mode }: { mode: ImportMode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('import');
  const job = useImportJob(jobId);
  const [upload, setUpload] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);

  // Leaving the page stops an upload under way (a started import goes on).
  useEffect(() => () => handle.current?.abort(), []);

  const showJob = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('import', id);
        else next.delete('import');
        return next;
      },
      { replace: false },
    );

  const start = (file: File) => {
    setUpload({ name: file.name, fraction: 0 });
    const current = uploadImportFile(mode, file, (fraction) => setUpload({ name: file.name, fraction }));
    handle.current = current;
    current.promise.then(
      (started) => {
        queryClient.setQueryData(importKeys.job(started._id), started);
        void queryClient.invalidateQueries({ queryKey: importKeys.all });
        setUpload(null);
        showJob(started._id);
      },
      (failure: unknown) => {
        setUpload(null);
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
        setError(apiErrorText(failure));
      },
    );
  };

  const another = () => {
    setError(null);
    showJob(null);
  };

  let main: ReactNode;
  if (upload) main = <UploadProgress name={upload.name} fraction={upload.fraction} onCancel={() => handle.current?.abort()} />;
  else if (jobId) {
    main = job.isError ? (
      <FileDrop onFile={start} error={apiErrorText(job.error)} onError={setError} />
    ) : (
      <ImportStatus job={job.data} onAnother={another} />
    );
  } else {
    main = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TemplateCard mode={mode} />
        <FileDrop onFile={start} error={error} onError={setError} />
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Text c="dimmed" size="sm" style={{ flex: '1 1 320px' }}>
          {t(`assetImport.intro.${mode}`)}
        </Text>
        <CreateAssetMenu />
      </Group>
      {main}
      <ImportColumns mode={mode} />
      <RecentImports mode={mode} currentId={jobId} onOpen={showJob} />
    </Stack>
  );
}
