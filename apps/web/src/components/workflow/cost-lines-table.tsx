import type { ObservationLine } from '@amp/contracts/service-request';
import { Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { formatNaira } from '../data/format';
import { quantityWithUnit } from '../data/quantity';
import { useCompactLayout } from '../data/use-compact-layout';
import type { RequestOrOrderTexts } from './request-or-order-texts';

/** Where each namespace keeps the table's words (the work order's say "Quantity", the request's "Qty"). */
const LINE_TEXTS: Record<RequestOrOrderTexts, string> = { serviceRequests: 'serviceRequests.line', workOrders: 'workOrders.lines' };

interface CostLinesTableProps<L extends ObservationLine> {
  lines: L[];
  /** The lines' total, in naira as the API sends it. */
  total: string;
  /** A line's name with its kind and free-line marks, as its page shows them. */
  renderName(line: L): ReactNode;
  texts: RequestOrOrderTexts;
}

/** Services and parts with their prices in NGN and the total: a table, or a list on a phone. */
export function CostLinesTable<L extends ObservationLine>({ lines, total, renderName, texts }: CostLinesTableProps<L>) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const text = (key: string) => t(`${LINE_TEXTS[texts]}.${key}`);
  const quantity = (line: L) => quantityWithUnit(t, line.quantity, line.unit);

  if (compact) {
    return (
      <Stack gap={0}>
        {lines.map((line) => (
          <Group
            key={line._id}
            justify="space-between"
            align="flex-start"
            gap="xs"
            wrap="nowrap"
            py={6}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              {renderName(line)}
              <Text size="xs" c="dimmed">
                {quantity(line)} × {formatNaira(line.unitPrice)}
              </Text>
            </Stack>
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(line.total)}
            </Text>
          </Group>
        ))}
        <Group justify="space-between" gap="xs" pt={6}>
          <Text size="sm" fw={700}>
            {text('total')}
          </Text>
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatNaira(total)}
          </Text>
        </Group>
      </Stack>
    );
  }

  const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="xs" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text('item')}</Table.Th>
            <Table.Th style={numeric}>{text('quantity')}</Table.Th>
            <Table.Th style={numeric}>{text('unitPrice')}</Table.Th>
            <Table.Th style={numeric}>{text('lineTotal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line._id}>
              <Table.Td>{renderName(line)}</Table.Td>
              <Table.Td style={numeric}>{quantity(line)}</Table.Td>
              <Table.Td style={numeric}>{formatNaira(line.unitPrice)}</Table.Td>
              <Table.Td style={numeric}>{formatNaira(line.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3} style={{ textAlign: 'right' }}>
              {text('total')}
            </Table.Th>
            <Table.Th style={numeric}>{formatNaira(total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
