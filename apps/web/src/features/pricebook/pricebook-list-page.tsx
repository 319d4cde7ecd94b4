import { PRICEBOOK_KINDS, PRICEBOOK_STATES } from '@amp/contracts/pricebook';
import { ActionIcon, Badge, Button, Group, Menu, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconPencil,
  IconPlus,
  IconReportMoney,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { formatDate, formatNaira } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
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

/**
 * /pricebook/view: the organisation's pricebook (a provider's or a supplier's), searchable,
 * filterable by kind and by offered or retired, sortable and paged, all in the URL; items are
 * added and changed in a modal, retired (kept for history) and offered again after a question.
 */
export default function PricebookListPage() {
  const { t } = useTranslation();
  const list = useUrlListState({ filters: ['kind', 'state'] as const, sort: 'name', order: 'asc' });
  const items = usePricebook(list.query);
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const create = useCreatePricebookItem();
  const update = useUpdatePricebookItem();
  const setRetired = useSetPricebookItemRetired();
  // The form: closed, open for a new item (null), or for an item to change.
  const [editing, setEditing] = useState<PricebookItem | null | undefined>(undefined);
  const [retiring, setRetiring] = useState<PricebookItem | null>(null);

  const kindLabel = (item: PricebookItem) => t(`pricebook.kind.${item.kind}`);
  const details = (item: PricebookItem) => [item.brand, item.model].filter(Boolean).join(' · ');
  const nameCell = (item: PricebookItem) => (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text fw={500} size="sm">
          {item.name}
        </Text>
        {item.retiredAt ? (
          <Badge size="xs" color="gray" variant="light">
            {t('pricebook.retiredBadge')}
          </Badge>
        ) : null}
      </Group>
      {details(item) ? (
        <Text size="xs" c="dimmed">
          {details(item)}
        </Text>
      ) : null}
    </Stack>
  );
  const priceText = (item: PricebookItem) =>
    item.unit ? t('pricebook.pricePerUnit', { price: formatNaira(item.price), unit: item.unit }) : formatNaira(item.price);
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
          <Select
            aria-label={t('pricebook.list.kindFilter')}
            placeholder={t('pricebook.list.allKinds')}
            clearable
            w={{ base: '100%', xs: 180 }}
            data={PRICEBOOK_KINDS.map((kind) => ({ value: kind, label: t(`pricebook.kind.${kind}`) }))}
            value={list.filters.kind ?? null}
            onChange={(value) => list.setFilter('kind', value)}
          />
          <Select
            aria-label={t('pricebook.list.stateFilter')}
            w={{ base: '100%', xs: 180 }}
            allowDeselect={false}
            data={PRICEBOOK_STATES.map((state) => ({ value: state, label: t(`pricebook.state.${state}`) }))}
            value={list.filters.state ?? 'active'}
            onChange={(value) => list.setFilter('state', value === 'active' ? null : value)}
          />
          <SortSelect
            list={list}
            columns={[
              { column: 'name', label: t('pricebook.column.name') },
              { column: 'price', label: t('pricebook.column.price') },
              { column: 'kind', label: t('pricebook.column.kind') },
              { column: 'updatedAt', label: t('pricebook.column.updated') },
            ]}
          />
        </>
      }
      actions={
        <Group gap="sm" wrap="nowrap">
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
      card={(item) => (
        <ListCard
          title={nameCell(item)}
          aside={
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(item.price)}
            </Text>
          }
          actions={actions(item)}
        >
          <Text size="xs" c="dimmed">
            {[kindLabel(item), item.unit ? t('pricebook.perUnit', { unit: item.unit }) : null].filter(Boolean).join(' · ')}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 760,
        columns: 5,
        header: (
          <>
            <SortableHeader column="name" {...sortProps}>
              {t('pricebook.column.name')}
            </SortableHeader>
            <SortableHeader column="kind" {...sortProps}>
              {t('pricebook.column.kind')}
            </SortableHeader>
            <SortableHeader column="price" {...sortProps}>
              {t('pricebook.column.price')}
            </SortableHeader>
            <SortableHeader column="updatedAt" {...sortProps}>
              {t('pricebook.column.updated')}
            </SortableHeader>
            <Table.Th>{t('data.actions')}</Table.Th>
          </>
        ),
        row: (item) => (
          <Table.Tr>
            <Table.Td>{nameCell(item)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{kindLabel(item)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{priceText(item)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.updatedAt)}</Table.Td>
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
