import { Paper, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardsSkeleton, ListError, TableSkeleton } from './list-feedback';

interface ResponsiveListProps {
  /** The list's query: a failure shows an error, the first load placeholders, a next page dims the old one. */
  query: { isError: boolean; error: unknown; isPending: boolean; isPlaceholderData: boolean; refetch(): unknown };
  /** Cards on a narrow screen (see useCompactLayout), a table otherwise. */
  compact: boolean;
  /** The ListCards of the rows. */
  cards: ReactNode;
  cardSkeleton: { count: number; height: number };
  /** The header cells and the Table.Tr rows of the table. */
  header: ReactNode;
  rows: ReactNode;
  columns: number;
  tableMinWidth: number;
  /** What shows under the rows when there are none (a ListEmpty), or nothing. */
  empty: ReactNode;
}

/** A list as cards or as a table, with its loading, error and empty states. */
export function ResponsiveList({ query, compact, cards, cardSkeleton, header, rows, columns, tableMinWidth, empty }: ResponsiveListProps) {
  const dimmed = { opacity: query.isPlaceholderData ? 0.6 : 1 };
  if (query.isError) return <ListError error={query.error} onRetry={() => query.refetch()} />;
  if (compact) {
    if (query.isPending) return <CardsSkeleton {...cardSkeleton} />;
    return (
      <Stack gap="sm" style={dimmed}>
        {cards}
        {empty ? (
          <Paper withBorder radius="md">
            {empty}
          </Paper>
        ) : null}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={tableMinWidth} type="native">
        <Table highlightOnHover verticalSpacing="sm" style={dimmed}>
          <Table.Thead>
            <Table.Tr>{header}</Table.Tr>
          </Table.Thead>
          {query.isPending ? <TableSkeleton columns={columns} /> : <Table.Tbody>{rows}</Table.Tbody>}
        </Table>
      </Table.ScrollContainer>
      {empty}
    </Paper>
  );
}
