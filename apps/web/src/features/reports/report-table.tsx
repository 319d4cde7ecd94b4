import type { ReportColumn, ReportColumnKind, ReportRow } from '@amp/contracts/report';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListCard } from '../../components/data/list-card';
import { ListEmpty } from '../../components/data/list-feedback';
import { ListPaginationFooter } from '../../components/data/pagination-footer';
import { ResponsiveList } from '../../components/data/responsive-list';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import type { Page } from '../../lib/api';
import { type TFunction, useTranslation } from '../../lib/i18n';
import { formatCell } from './report-format';
import type { ReportState } from './use-report-state';

/** Numbers line up on the right, so their digits compare at a glance. */
const NUMERIC = new Set(['count', 'hours', 'money', 'percent']);
/**
 * About how wide a column of each kind is, for the table's scroll width: text may wrap within its
 * width, everything else keeps one line (a code, a date, an amount cut in two reads wrongly).
 */
const WIDTH: Record<ReportColumnKind, number> = {
  text: 150,
  code: 120,
  status: 140,
  count: 100,
  hours: 110,
  money: 150,
  percent: 100,
  date: 130,
  datetime: 180,
};

function cellStyle(kind: ReportColumnKind) {
  return kind === 'text' ? { minWidth: WIDTH.text } : { whiteSpace: 'nowrap' as const };
}

interface ReportTableProps {
  columns: readonly ReportColumn[];
  state: ReportState;
  query: UseQueryResult<Page<ReportRow>>;
}

const columnLabel = (t: TFunction, column: ReportColumn) => t(`reports.column.${column.key}`, { defaultValue: column.key });

/**
 * One page of the chosen view: a table whose every column sorts (a second click reverses it), or
 * on a phone a card per row with the same values; the pages under it.
 */
export function ReportTable({ columns, state, query }: ReportTableProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const { list } = state;
  const rows = query.data?.data ?? [];
  const offset = (list.page - 1) * list.pageSize;
  const cell = (column: ReportColumn, row: ReportRow) => formatCell(t, column.kind, column.labels, row[column.key]);

  const empty =
    !query.isPending && rows.length === 0 ? (
      <ListEmpty
        icon={<IconTable size={32} stroke={1.5} />}
        title={t('reports.tableEmpty')}
        description={state.filtered ? t('reports.tableEmptyHint') : undefined}
        onReset={state.filtered ? list.resetFilters : undefined}
      />
    ) : null;

  const [first, ...rest] = columns;
  return (
    <Stack gap="sm" className="report-table">
      <div className="report-no-print">
        <SortSelect list={list} columns={columns.map((column) => ({ column: column.key, label: columnLabel(t, column) }))} />
      </div>
      <ResponsiveList
        query={query}
        compact={compact}
        empty={empty}
        cardSkeleton={{ count: 3, height: 160 }}
        cards={rows.map((row, index) => (
          <ListCard
            // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; their place in the whole view is theirs
            key={offset + index}
            title={
              <Text fw={600} size="sm">
                {first ? cell(first, row) : null}
              </Text>
            }
          >
            {/* Each name above its value: on a phone a name and value side by side leave the value a sliver that wraps every few letters. */}
            <SimpleGrid cols={2} spacing="sm" verticalSpacing={8}>
              {rest.map((column) => (
                <Stack key={column.key} gap={0} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {columnLabel(t, column)}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {cell(column, row)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </ListCard>
        ))}
        columns={columns.length}
        tableMinWidth={columns.reduce((sum, column) => sum + WIDTH[column.kind], 0)}
        header={columns.map((column) => (
          <SortableHeader
            key={column.key}
            column={column.key}
            sort={list.sort}
            order={list.order}
            onSort={list.toggleSort}
            wrap={NUMERIC.has(column.kind)}
          >
            {columnLabel(t, column)}
          </SortableHeader>
        ))}
        rows={rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; their place in the whole view is theirs
          <Table.Tr key={offset + index}>
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                ta={NUMERIC.has(column.kind) ? 'right' : undefined}
                style={cellStyle(column.kind)}
                data-kind={column.kind}
              >
                {cell(column, row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      />
      <div className="report-no-print">
        <ListPaginationFooter list={list} meta={query.data?.meta} />
      </div>
    </Stack>
  );
}
