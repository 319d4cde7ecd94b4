import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@amp/contracts/asset-import';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notifyError } from '../data/server-errors';
import { useCompactLayout } from '../data/use-compact-layout';
import { downloadTemplate, type ImportEndpoints, type TemplateFormat } from './import-api';
import { formatCount } from './import-format';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Step 1: the template, as CSV or XLSX (an authenticated download); `hint`: a translation key. */
export function TemplateCard({ endpoints, hint }: { endpoints: ImportEndpoints; hint: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<TemplateFormat | null>(null);
  const download = (format: TemplateFormat) => {
    setBusy(format);
    downloadTemplate(endpoints, format)
      .catch((error: unknown) => notifyError(error))
      .finally(() => setBusy(null));
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4">
          {t('assetImport.template.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(hint)}
        </Text>
        <Group gap="sm" mt="auto">
          <Button
            variant="light"
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            loading={busy === 'csv'}
            onClick={() => download('csv')}
          >
            {t('assetImport.template.csv')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={busy === 'xlsx'}
            onClick={() => download('xlsx')}
          >
            {t('assetImport.template.xlsx')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A client-side check before uploading: the API checks the content again (415) and the size (413). */
function problemOf(file: File, t: (key: string) => string): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return t('ERROR.UNSUPPORTED_TYPE');
  if (file.size > IMPORT_MAX_BYTES) return t('ERROR.TOO_LARGE');
  return null;
}

interface FileDropProps {
  onFile(file: File): void;
  /** A refused upload, shown under the drop zone. */
  error: string | null;
  onError(message: string | null): void;
}

/** Step 2: a drop zone for a CSV or XLSX file, with a button for those who do not drag. */
export function FileDrop({ onFile, error, onError }: FileDropProps) {
  const { t } = useTranslation();
  // Phones have no files to drag: the zone just offers the picker.
  const compact = useCompactLayout();
  const [over, setOver] = useState(false);
  const take = (file: File | null | undefined) => {
    if (!file) return;
    const problem = problemOf(file, t);
    onError(problem);
    if (!problem) onFile(file);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('assetImport.upload.title')}
        </Title>
        <Stack
          align="center"
          gap={6}
          p="lg"
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          style={{
            border: `2px dashed var(--mantine-color-${over ? 'blue-6' : 'gray-4'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: over ? 'var(--mantine-color-blue-light)' : undefined,
            textAlign: 'center',
          }}
        >
          <IconUpload size={32} stroke={1.5} color="var(--mantine-color-blue-6)" aria-hidden />
          <Text fw={500}>{t(compact ? 'assetImport.upload.pick' : 'assetImport.upload.drop')}</Text>
          <Text size="sm" c="dimmed">
            {t('assetImport.upload.limits', { size: IMPORT_MAX_BYTES / 1024 / 1024, rows: formatCount(IMPORT_MAX_ROWS) })}
          </Text>
          <FileButton onChange={take} accept={ACCEPT}>
            {(props) => (
              <Button {...props} mt="xs">
                {t('assetImport.upload.choose')}
              </Button>
            )}
          </FileButton>
        </Stack>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
