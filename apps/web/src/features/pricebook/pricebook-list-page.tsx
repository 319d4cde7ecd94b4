import { PRICEBOOK_STATES } from '@amp/contracts/pricebook';
import { ActionIcon, Button, Group, Menu, Select, Table, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconDownload,
  IconFileImport,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconPencil,
  IconPlus,
  IconReportMoney,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { ListPage } from '../../components/data/list-page';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { SortSelect } from '../../components/data/sort-select';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import {
  downloadPricebook,
  type PricebookItem,
  useCreatePricebookItem,
  usePricebook,
  useSetPricebookItemRetired,
  useUpdatePricebookItem,
} from './pricebook-api';
import { PricebookItemForm } from './pricebook-item-form';
import {
  PricebookItemCard,
  PricebookKindFilter,
  PricebookTableCells,
  PricebookTableHeader,
  usePricebookSortColumns,
} from './pricebook-rows';

/**
 * /pricebook/view: the organisation's pricebook (a provider's or a supplier's), searchable,
 * filterable by kind and by offered or retired, sortable and paged, all in the URL; items are
 * added and changed in a modal, retired (kept for history) and offered again after a question.
 */
export default function PricebookListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const list = useUrlListState({ filters: ['kind', 'state'] as const, sort: 'name', order: 'asc' });
  const items = usePricebook(list.query);
  const sortColumns = usePricebookSortColumns();
  const create = useCreatePricebookItem();
  const update = useUpdatePricebookItem();
  const setRetired = useSetPricebookItemRetired();
  // The form: closed, open for a new item (null), or for an item to change.
  const [editing, setEditing] = useState<PricebookItem | null | undefined>(undefined);
  const [retiring, setRetiring] = useState<PricebookItem | null>(null);

  const actions = (item: PricebookItem) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('pricebook.action.edit')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('pricebook.action.editNamed', { name: item.name })}
          onClick={() => setEditing(item)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={item.retiredAt ? t('pricebook.action.restore') : t('pricebook.action.retire')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          color={item.retiredAt ? 'teal' : 'gray'}
          aria-label={t(item.retiredAt ? 'pricebook.action.restoreNamed' : 'pricebook.action.retireNamed', { name: item.name })}
          onClick={() => setRetiring(item)}
        >
          {item.retiredAt ? <IconArchiveOff size={18} /> : <IconArchive size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const addButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
      {t('pricebook.list.add')}
    </Button>
  );
  const [exporting, setExporting] = useState(false);
  const exportAs = (format: 'csv' | 'xlsx') => {
    setExporting(true);
    downloadPricebook(format, list.filters.state)
      .catch((error: unknown) => notifyError(error))
      .finally(() => setExporting(false));
  };
  const exportMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={18} />} loading={exporting}>
          {t('pricebook.list.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => exportAs('xlsx')}>
          {t('pricebook.list.exportXlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => exportAs('csv')}>
          {t('pricebook.list.exportCsv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  // Items from a file, through the import pages (the same permission as the page; kept explicit beside the other actions).
  const importButton = can('managePricebook') ? (
    <Button component={Link} to="/pricebook/import" variant="default" leftSection={<IconFileImport size={18} />}>
      {t('pricebook.list.import')}
    </Button>
  ) : null;

  const save = async (input: Parameters<typeof create.mutateAsync>[0]) => {
    if (editing) await update.mutateAsync({ id: editing._id, input });
    else await create.mutateAsync(input);
    notifySuccess(editing ? t('pricebook.saved', { name: input.name ?? '' }) : t('pricebook.added', { name: input.name ?? '' }));
    setEditing(undefined);
  };
  const confirmRetire = async () => {
    if (!retiring) return;
    const retire = !retiring.retiredAt;
    try {
      await setRetired.mutateAsync({ id: retiring._id, retired: retire });
      notifySuccess(t(retire ? 'pricebook.retired' : 'pricebook.restored', { name: retiring.name }));
    } catch (error) {
      notifyError(error);
    }
    setRetiring(null);
  };

  return (
    <ListPage
      list={list}
      query={items}
      searchPlaceholder={t('pricebook.list.searchPlaceholder')}
      filters={
        <>
          <PricebookKindFilter list={list} />
          <Select
            aria-label={t('pricebook.list.stateFilter')}
            w={{ base: '100%', xs: 180 }}
            allowDeselect={false}
            data={PRICEBOOK_STATES.map((state) => ({ value: state, label: t(`pricebook.state.${state}`) }))}
            value={list.filters.state ?? 'active'}
            onChange={(value) => list.setFilter('state', value === 'active' ? null : value)}
          />
          <SortSelect list={list} columns={sortColumns} />
        </>
      }
      actions={
        <Group gap="sm">
          {importButton}
          {exportMenu}
          {addButton}
        </Group>
      }
      empty={{
        icon: <IconReportMoney size={32} stroke={1.5} />,
        title: t('pricebook.list.empty'),
        hint: t('pricebook.list.emptyHint'),
        noMatchTitle: t('pricebook.list.noMatch'),
        noMatchHint: t('pricebook.list.noMatchHint'),
        action: addButton,
      }}
      cardSkeleton={{ count: 5, height: 96 }}
      card={(item) => <PricebookItemCard item={item} actions={actions(item)} />}
      table={{
        minWidth: 760,
        columns: 5,
        header: (
          <>
            <PricebookTableHeader sortProps={{ sort: list.sort, order: list.order, onSort: list.toggleSort }} />
            <Table.Th>{t('data.actions')}</Table.Th>
          </>
        ),
        row: (item) => (
          <Table.Tr>
            <PricebookTableCells item={item} />
            <Table.Td>{actions(item)}</Table.Td>
          </Table.Tr>
        ),
      }}
    >
      <PricebookItemForm
        item={editing ?? null}
        opened={editing !== undefined}
        pending={create.isPending || update.isPending}
        onClose={() => setEditing(undefined)}
        onSubmit={save}
      />
      <ConfirmModal
        opened={retiring !== null}
        onClose={() => setRetiring(null)}
        onConfirm={confirmRetire}
        loading={setRetired.isPending}
        title={retiring?.retiredAt ? t('pricebook.confirm.restoreTitle') : t('pricebook.confirm.retireTitle')}
        message={t(retiring?.retiredAt ? 'pricebook.confirm.restoreMessage' : 'pricebook.confirm.retireMessage', {
          name: retiring?.name ?? '',
        })}
        confirmLabel={retiring?.retiredAt ? t('pricebook.action.restore') : t('pricebook.action.retire')}
        confirmColor={retiring?.retiredAt ? 'teal' : 'red'}
      />
    </ListPage>
  );
}
