import { INVENTORY_FILE_COLUMNS, INVENTORY_REQUIRED_COLUMNS } from '@amp/contracts/warehouse';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { ImportColumns } from '../../components/import/import-columns';
import { ImportWorkspace } from '../../components/import/import-workspace';
import { DetailSkeleton } from '../../components/workflow/detail-skeleton';
import { useTranslation } from '../../lib/i18n';
import { useWarehouse } from '../../lib/queries/warehouses';
import { inventoryImportEndpoints, inventoryImportTexts, type Warehouse } from './warehouses-api';

/**
 * /manage-warehouse/view/:id/import: a warehouse's opening inventory (or a recount) from a CSV or
 * XLSX file in the columns of the export, through the shared import pages (components/import).
 */
export default function WarehouseImportPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const warehouse = useWarehouse(id);
  return (
    <DetailPageFrame
      backTo={`/manage-warehouse/view/${id}`}
      backLabel={t('warehouses.import.back')}
      query={warehouse}
      skeleton={<DetailSkeleton headerHeight={120} />}
      notFoundTitle={t('warehouses.detail.notFound')}
      notFoundHint={t('warehouses.detail.notFoundHint')}
    >
      {(data) => <WarehouseImport warehouse={data} />}
    </DetailPageFrame>
  );
}

function WarehouseImport({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation();
  const endpoints = useMemo(() => inventoryImportEndpoints(warehouse._id), [warehouse._id]);
  const listPath = `/manage-warehouse/view/${warehouse._id}`;
  // Only its managers change its stock: anyone else is told so rather than refused after an upload.
  if (!warehouse.managedByMe)
    return (
      <Alert color="gray" icon={<IconLock size={18} />}>
        {t('SUPPLY.NOT_MANAGER')}
      </Alert>
    );
  return (
    <ImportWorkspace
      endpoints={endpoints}
      texts={inventoryImportTexts}
      listPath={listPath}
      header={
        <Stack gap={4}>
          <Title order={2} size="h4">
            {warehouse.name}
          </Title>
          <Text c="dimmed" size="sm">
            {t('warehouses.import.intro')}
          </Text>
        </Stack>
      }
      columns={
        <ImportColumns
          columns={INVENTORY_FILE_COLUMNS}
          required={INVENTORY_REQUIRED_COLUMNS}
          help={(column) => t(`warehouses.import.column.${column.replace(' ', '_')}`)}
          intro={t('warehouses.import.columns')}
        />
      }
    />
  );
}
