import { SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorText } from '../api-error';
import { type ImportEndpoints, importKeys, type UploadHandle, uploadImportFile, useImportJob } from './import-api';
import { ImportStatus, type ImportTexts, UploadProgress } from './import-status';
import { FileDrop, TemplateCard } from './import-upload';
import { RecentImports } from './recent-imports';

interface ImportWorkspaceProps {
  endpoints: ImportEndpoints;
  texts: ImportTexts;
  /** Where the records are listed (the button after a success). */
  listPath: string;
  /** Above the steps: the page's introduction and actions. */
  header: ReactNode;
  /** Below the steps: what the file's columns take (ImportColumns). */
  columns: ReactNode;
}

/**
 * An import page's body (the asset bulk add and update, the pricebook import): download the
 * template, upload a CSV or XLSX file, follow the import, then see what was written or every error
 * (nothing is written then). The job on screen is kept in the URL (?import=id), so a reload or a
 * link (the notification's) comes back to it.
 */
export function ImportWorkspace({ endpoints, texts, listPath, header, columns }: ImportWorkspaceProps) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('import');
  const job = useImportJob(endpoints, jobId);
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
    const current = uploadImportFile(endpoints, file, (fraction) => setUpload({ name: file.name, fraction }));
    handle.current = current;
    current.promise.then(
      (started) => {
        queryClient.setQueryData(importKeys.job(endpoints, started._id), started);
        void queryClient.invalidateQueries({ queryKey: importKeys.all(endpoints) });
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
      <ImportStatus job={job.data} endpoints={endpoints} texts={texts} listPath={listPath} onAnother={another} />
    );
  } else {
    main = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TemplateCard endpoints={endpoints} hint={texts.templateHint} />
        <FileDrop onFile={start} error={error} onError={setError} />
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      {header}
      {main}
      {columns}
      <RecentImports endpoints={endpoints} currentId={jobId} onOpen={showJob} />
    </Stack>
  );
}
