import { Group, Stack, Table, Text } from '@mantine/core';
import { formatNaira, formatNumber } from '../../components/data/format';
import { quantityWithUnit } from '../../components/data/quantity';
import { CostLineName } from '../../components/workflow/cost-line-name';
import { useTranslation } from '../../lib/i18n';
import type { PoLine } from './purchase-orders-api';

const NUMERIC = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

interface PoLinesTableProps {
  lines: readonly PoLine[];
  /** The order's total, naira as the API sends it. */
  total: string;
  /** A list of lines on a phone; the print and wider screens take the table. */
  compact: boolean;
  /** Whether the dispatched and received columns mean anything yet (not before the supplier has it). */
  supply: boolean;
}

/** The order's lines: ordered (with its unit), unit price and total in NGN, and once supplying, what was dispatched and received. */
export function PoLinesTable({ lines, total, compact, supply }: PoLinesTableProps) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <Stack gap={0}>
        {lines.map((line) => (
          <Stack key={line._id} gap={4} py={8} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <CostLineName line={line} texts="purchaseOrders" />
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(line.total)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {quantityWithUnit(t, line.quantity, line.unit)} × {formatNaira(line.unitPrice)}
            </Text>
            {supply ? (
              <Text size="xs" c="dimmed">
                {t('purchaseOrders.lines.supplyLine', { dispatched: formatNumber(line.dispatched), received: formatNumber(line.received) })}
              </Text>
            ) : null}
          </Stack>
        ))}
        <Group justify="space-between" gap="xs" pt={8}>
          <Text size="sm" fw={700}>
            {t('purchaseOrders.lines.total')}
          </Text>
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatNaira(total)}
          </Text>
        </Group>
      </Stack>
    );
  }
  const columns = supply ? 6 : 4;
  return (
    <Table.ScrollContainer minWidth={supply ? 720 : 560} type="native">
      <Table verticalSpacing="xs" withTableBorder className="po-lines-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('purchaseOrders.lines.item')}</Table.Th>
            <Table.Th style={NUMERIC}>{t('purchaseOrders.lines.ordered')}</Table.Th>
            {supply ? <Table.Th style={NUMERIC}>{t('purchaseOrders.lines.dispatched')}</Table.Th> : null}
            {supply ? <Table.Th style={NUMERIC}>{t('purchaseOrders.lines.received')}</Table.Th> : null}
            <Table.Th style={NUMERIC}>{t('purchaseOrders.lines.unitPrice')}</Table.Th>
            <Table.Th style={NUMERIC}>{t('purchaseOrders.lines.lineTotal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line._id}>
              <Table.Td>
                <CostLineName line={line} texts="purchaseOrders" />
              </Table.Td>
              <Table.Td style={NUMERIC}>{quantityWithUnit(t, line.quantity, line.unit)}</Table.Td>
              {supply ? <Table.Td style={NUMERIC}>{formatNumber(line.dispatched)}</Table.Td> : null}
              {supply ? <Table.Td style={NUMERIC}>{formatNumber(line.received)}</Table.Td> : null}
              <Table.Td style={NUMERIC}>{formatNaira(line.unitPrice)}</Table.Td>
              <Table.Td style={NUMERIC}>{formatNaira(line.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={columns - 1} style={{ textAlign: 'right' }}>
              {t('purchaseOrders.lines.total')}
            </Table.Th>
            <Table.Th style={NUMERIC}>{formatNaira(total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
