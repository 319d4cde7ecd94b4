import { PRICEBOOK_KINDS } from '@amp/contracts/pricebook';
import { Badge, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatNaira } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { SortableHeader } from '../../components/data/sortable-header';
import type { UrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import type { PricebookItem } from './pricebook-api';

/** The pieces of a pricebook list, shared by the organisation's own page and an owner's read-only one. */

/** The item's name, a Retired badge, and its brand and model. */
export function PricebookItemName({ item }: { item: PricebookItem }) {
  const { t } = useTranslation();
  const details = [item.brand, item.model].filter(Boolean).join(' · ');
  return (
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
      {details ? (
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A row as a card on a phone: name, price, kind and unit, and the page's actions. */
export function PricebookItemCard({ item, actions }: { item: PricebookItem; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListCard
      title={<PricebookItemName item={item} />}
      aside={
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatNaira(item.price)}
        </Text>
      }
      actions={actions}
    >
      <Text size="xs" c="dimmed">
        {[t(`pricebook.kind.${item.kind}`), item.unit ? t('pricebook.perUnit', { unit: item.unit }) : null].filter(Boolean).join(' · ')}
      </Text>
    </ListCard>
  );
}

type SortProps = { sort: string | undefined; order: 'asc' | 'desc'; onSort(column: string): void };

/** The table's header cells for name, kind, price and the last change (a page adds its own after them). */
export function PricebookTableHeader({ sortProps }: { sortProps: SortProps }) {
  const { t } = useTranslation();
  return (
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
    </>
  );
}

/** The row's cells under PricebookTableHeader. */
export function PricebookTableCells({ item }: { item: PricebookItem }) {
  const { t } = useTranslation();
  const price = formatNaira(item.price);
  return (
    <>
      <Table.Td>
        <PricebookItemName item={item} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`pricebook.kind.${item.kind}`)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.unit ? t('pricebook.pricePerUnit', { price, unit: item.unit }) : price}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.updatedAt)}</Table.Td>
    </>
  );
}

/** The kind filter, kept in the URL. */
export function PricebookKindFilter({ list }: { list: Pick<UrlListState<'kind'>, 'filters' | 'setFilter'> }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('pricebook.list.kindFilter')}
      placeholder={t('pricebook.list.allKinds')}
      clearable
      w={{ base: '100%', xs: 180 }}
      data={PRICEBOOK_KINDS.map((kind) => ({ value: kind, label: t(`pricebook.kind.${kind}`) }))}
      value={list.filters.kind ?? null}
      onChange={(value) => list.setFilter('kind', value)}
    />
  );
}

/** The columns the sort menu offers on a phone. */
export function usePricebookSortColumns() {
  const { t } = useTranslation();
  return [
    { column: 'name', label: t('pricebook.column.name') },
    { column: 'price', label: t('pricebook.column.price') },
    { column: 'kind', label: t('pricebook.column.kind') },
    { column: 'updatedAt', label: t('pricebook.column.updated') },
  ];
}
