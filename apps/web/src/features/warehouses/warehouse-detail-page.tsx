import { Badge, Button, Group, Menu, Paper, ScrollArea, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconFileSpreadsheet, IconFileTypeCsv, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDate, formatNaira, formatNumber } from '../../components/data/format';
import { NamedRecordHeader } from '../../components/data/named-record-header';
import { notifyError } from '../../components/data/server-errors';
import { DetailSkeleton } from '../../components/workflow/detail-skeleton';
import { Fact } from '../../components/workflow/fact';
import { useTranslation } from '../../lib/i18n';
import { useWarehouse } from '../../lib/queries/warehouses';
import { InventoryList } from './inventory-list';
import { LowStockList } from './low-stock-list';
import { MovementList } from './movement-list';
import { WarehouseForm } from './warehouse-form';
import { downloadInventory, type Warehouse } from './warehouses-api';

const TABS = ['inventory', 'movements', 'low'] as const;
type Tab = (typeof TABS)[number];

/** The query-string keys of the tabs' lists: a new tab starts its list afresh. */
const LIST_KEYS = ['page', 'pageSize', 'search', 'sort', 'order', 'stock', 'kind'];

/** /manage-warehouse/view/:id: a warehouse's facts and figures, its inventory, its movements and its low stock. */
export default function WarehouseDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const warehouse = useWarehouse(id);
  // An import's notification leads here with ?import=<job>: its page is the import page.
  const importJob = params.get('import');
  if (importJob) return <Navigate replace to={`/manage-warehouse/view/${id}/import?import=${importJob}`} />;
  return (
    <DetailPageFrame
      backTo="/manage-warehouse/view"
      backLabel={t('warehouses.detail.back')}
      query={warehouse}
      skeleton={<DetailSkeleton headerHeight={180} />}
      notFoundTitle={t('warehouses.detail.notFound')}
      notFoundHint={t('warehouses.detail.notFoundHint')}
    >
      {(data) => <WarehouseView warehouse={data} />}
    </DetailPageFrame>
  );
}

function WarehouseView({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'inventory';
  const [editing, setEditing] = useState(false);

  const openTab = (next: Tab) =>
    setParams((current) => {
      const kept = new URLSearchParams(current);
      for (const key of LIST_KEYS) kept.delete(key);
      if (next === 'inventory') kept.delete('tab');
      else kept.set('tab', next);
      return kept;
    });

  return (
    <>
      <WarehouseHeader warehouse={warehouse} onEdit={() => setEditing(true)} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ScrollArea type="never" offsetScrollbars={false}>
            <Tabs value={tab} onChange={(next) => next && openTab(next as Tab)} keepMounted={false}>
              <Tabs.List style={{ flexWrap: 'nowrap' }}>
                {TABS.map((name) => (
                  <Tabs.Tab
                    key={name}
                    value={name}
                    style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                    rightSection={
                      name === 'low' && warehouse.lowStockCount > 0 ? (
                        <Badge size="sm" color="orange" variant={tab === 'low' ? 'filled' : 'light'}>
                          {formatNumber(warehouse.lowStockCount)}
                        </Badge>
                      ) : null
                    }
                  >
                    {t(`warehouses.tab.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </ScrollArea>
          {tab === 'inventory' ? <InventoryList warehouse={warehouse} /> : null}
          {tab === 'movements' ? <MovementList scope="warehouse" id={warehouse._id} canReverse={warehouse.managedByMe} /> : null}
          {tab === 'low' ? <LowStockList warehouse={warehouse} /> : null}
        </Stack>
      </Paper>
      <WarehouseForm warehouse={warehouse} opened={editing} onClose={() => setEditing(false)} />
    </>
  );
}

/** The warehouse's name, place, managers and figures, with Edit, Import and Export. */
function WarehouseHeader({ warehouse, onEdit }: { warehouse: Warehouse; onEdit(): void }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportAs = (format: 'csv' | 'xlsx') => {
    setExporting(true);
    downloadInventory(warehouse, format)
      .catch((error: unknown) => notifyError(error))
      .finally(() => setExporting(false));
  };
  const place = [warehouse.lga, warehouse.state?.state].filter(Boolean).join(', ');

  return (
    <NamedRecordHeader
      name={warehouse.name}
      badge={
        warehouse.managedByMe ? (
          <Badge variant="light" color="teal">
            {t('warehouses.detail.youManage')}
          </Badge>
        ) : null
      }
      linesGap={6}
      lines={
        place || warehouse.address ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[warehouse.address, place].filter(Boolean).join(' · ')}
          </Text>
        ) : null
      }
      aside={
        <Group gap="xs">
          {warehouse.managedByMe ? (
            <>
              <Button variant="default" leftSection={<IconPencil size={18} />} onClick={onEdit}>
                {t('warehouses.action.edit')}
              </Button>
              <Button
                component={Link}
                to={`/manage-warehouse/view/${warehouse._id}/import`}
                variant="default"
                leftSection={<IconFileImport size={18} />}
              >
                {t('warehouses.action.import')}
              </Button>
            </>
          ) : null}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={18} />} loading={exporting}>
                {t('warehouses.action.export')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => exportAs('xlsx')}>
                {t('warehouses.action.exportXlsx')}
              </Menu.Item>
              <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => exportAs('csv')}>
                {t('warehouses.action.exportCsv')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
        <Fact label={t('warehouses.column.items')}>{formatNumber(warehouse.itemCount)}</Fact>
        <Fact label={t('warehouses.column.lowStock')}>
          <Text span size="sm" c={warehouse.lowStockCount > 0 ? 'orange.8' : undefined} fw={warehouse.lowStockCount > 0 ? 600 : undefined}>
            {formatNumber(warehouse.lowStockCount)}
          </Text>
        </Fact>
        <Fact label={t('warehouses.column.value')}>{formatNaira(warehouse.value)}</Fact>
        <Fact label={t('warehouses.column.managers')}>
          {warehouse.managers.length > 0 ? warehouse.managers.map((manager) => manager.name).join(', ') : t('warehouses.detail.noManagers')}
        </Fact>
        <Fact label={t('warehouses.detail.created')}>{formatDate(warehouse.createdAt)}</Fact>
        <Fact label={t('warehouses.detail.updated')}>{formatDate(warehouse.updatedAt)}</Fact>
      </SimpleGrid>
    </NamedRecordHeader>
  );
}
