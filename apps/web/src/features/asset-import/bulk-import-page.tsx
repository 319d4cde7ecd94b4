import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, type ImportColumn, type ImportMode } from '@amp/contracts/asset-import';
import { Group, Text } from '@mantine/core';
import { CreateAssetMenu } from '../../components/create-asset-menu';
import { ImportColumns } from '../../components/import/import-columns';
import { ImportWorkspace } from '../../components/import/import-workspace';
import { useTranslation } from '../../lib/i18n';
import { assetImportEndpoints, assetImportTexts } from './asset-import-api';

/** Columns whose explanation differs between adding and updating. */
const PER_MODE = new Set<ImportColumn>(['assetID', 'status']);

/**
 * /asset/bulk/add and /asset/bulk/update: new assets, or changes to existing ones, from a CSV or
 * XLSX file (the shared import pages, components/import).
 */
export function BulkImportPage({ mode }: { mode: ImportMode }) {
  const { t } = useTranslation();
  const help = (column: ImportColumn) => t(PER_MODE.has(column) ? `assetImport.column.${column}.${mode}` : `assetImport.column.${column}`);
  return (
    <ImportWorkspace
      endpoints={assetImportEndpoints(mode)}
      texts={assetImportTexts(mode)}
      listPath="/asset/asset-list"
      header={
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Text c="dimmed" size="sm" style={{ flex: '1 1 320px' }}>
            {t(`assetImport.intro.${mode}`)}
          </Text>
          <CreateAssetMenu />
        </Group>
      }
      columns={
        <ImportColumns
          columns={IMPORT_COLUMNS}
          required={IMPORT_REQUIRED_COLUMNS[mode]}
          help={help}
          intro={t('assetImport.columns.header')}
          rule={mode === 'update' ? t('assetImport.columns.updateRule') : undefined}
        />
      }
    />
  );
}
