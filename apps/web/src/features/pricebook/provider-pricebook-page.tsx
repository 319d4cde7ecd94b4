import { Stack, Table, Text } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { useProviderPricebook } from './pricebook-api';
import {
  PricebookItemCard,
  PricebookKindFilter,
  PricebookTableCells,
  PricebookTableHeader,
  usePricebookSortColumns,
} from './pricebook-rows';

/**
 * /pricebook/provider/:organisationId: what a provider the owner works with charges (its offered
 * items), to read before deciding on its observations; searchable, filterable by kind, sortable.
 */
export default function ProviderPricebookPage() {
  const { t } = useTranslation();
  const { organisationId = '' } = useParams();
  const list = useUrlListState({ filters: ['kind'] as const, sort: 'name', order: 'asc' });
  const items = useProviderPricebook(organisationId, list.query);
  const sortColumns = usePricebookSortColumns();
  const providerName = items.data?.data[0]?.organisation.name;

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
            <PricebookKindFilter list={list} />
            <SortSelect list={list} columns={sortColumns} />
          </>
        }
        empty={{
          icon: <IconReportMoney size={32} stroke={1.5} />,
          title: t('pricebook.provider.empty'),
          noMatchTitle: t('pricebook.list.noMatch'),
          noMatchHint: t('pricebook.list.noMatchHint'),
        }}
        cardSkeleton={{ count: 5, height: 80 }}
        card={(item) => <PricebookItemCard item={item} />}
        table={{
          minWidth: 640,
          columns: 4,
          header: <PricebookTableHeader sortProps={{ sort: list.sort, order: list.order, onSort: list.toggleSort }} />,
          row: (item) => (
            <Table.Tr>
              <PricebookTableCells item={item} />
            </Table.Tr>
          ),
        }}
      />
    </Stack>
  );
}
