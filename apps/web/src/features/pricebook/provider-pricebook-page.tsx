import { PRICEBOOK_KINDS } from '@amp/contracts/pricebook';
import { Select, Stack, Table, Text } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatDate, formatNaira } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { type PricebookItem, useProviderPricebook } from './pricebook-api';

/**
 * /pricebook/provider/:organisationId: what a provider the owner works with charges (its offered
 * items), to read before deciding on its observations; searchable, filterable by kind, sortable.
 */
export default function ProviderPricebookPage() {
  const { t } = useTranslation();
  const { organisationId = '' } = useParams();
  const list = useUrlListState({ filters: ['kind'] as const, sort: 'name', order: 'asc' });
  const items = useProviderPricebook(organisationId, list.query);
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const providerName = items.data?.data[0]?.organisation.name;

  const details = (item: PricebookItem) => [item.brand, item.model].filter(Boolean).join(' · ');
  const nameCell = (item: PricebookItem) => (
    <Stack gap={0}>
      <Text fw={500} size="sm">
        {item.name}
      </Text>
      {details(item) ? (
        <Text size="xs" c="dimmed">
          {details(item)}
        </Text>
      ) : null}
    </Stack>
  );
  const priceText = (item: PricebookItem) =>
    item.unit ? t('pricebook.pricePerUnit', { price: formatNaira(item.price), unit: item.unit }) : formatNaira(item.price);

  return (
    <Stack gap="md">
      {providerName ? (
        <Text c="dimmed" size="sm">
          {t('pricebook.provider.intro', { provider: providerName })}
        </Text>
      ) : null}
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
            <SortSelect
              list={list}
              columns={[
                { column: 'name', label: t('pricebook.column.name') },
                { column: 'price', label: t('pricebook.column.price') },
                { column: 'kind', label: t('pricebook.column.kind') },
              ]}
            />
          </>
        }
        empty={{
          icon: <IconReportMoney size={32} stroke={1.5} />,
          title: t('pricebook.provider.empty'),
          noMatchTitle: t('pricebook.list.noMatch'),
          noMatchHint: t('pricebook.list.noMatchHint'),
        }}
        cardSkeleton={{ count: 5, height: 80 }}
        card={(item) => (
          <ListCard
            title={nameCell(item)}
            aside={
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(item.price)}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {[t(`pricebook.kind.${item.kind}`), item.unit ? t('pricebook.perUnit', { unit: item.unit }) : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </ListCard>
        )}
        table={{
          minWidth: 640,
          columns: 4,
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
              <Table.Th>{t('pricebook.column.updated')}</Table.Th>
            </>
          ),
          row: (item) => (
            <Table.Tr>
              <Table.Td>{nameCell(item)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`pricebook.kind.${item.kind}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{priceText(item)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.updatedAt)}</Table.Td>
            </Table.Tr>
          ),
        }}
      />
    </Stack>
  );
}
