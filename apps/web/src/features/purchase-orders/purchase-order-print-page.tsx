import type { PoPartyContact } from '@amp/contracts/purchase-order';
import { Button, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { CodeText } from '../../components/code-text';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDate, formatDateTime, formatNaira } from '../../components/data/format';
import { DetailSkeleton } from '../../components/workflow/detail-skeleton';
import { useTranslation } from '../../lib/i18n';
import { PoLinesTable } from './po-lines-table';
import { type PoDetail, usePurchaseOrder } from './purchase-orders-api';
import './purchase-order-print.css';

/**
 * /purchase-order/:id/print: the order as a document for both parties: who orders from whom and
 * where it is delivered, its code and dates, lines and total in NGN, and who approved which level
 * when. Printed, only the sheet shows (purchase-order-print.css).
 */
export default function PurchaseOrderPrintPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const order = usePurchaseOrder(id);
  return (
    <DetailPageFrame
      backTo={`/purchase-order/${id}`}
      backLabel={t('purchaseOrders.print.back')}
      query={order}
      skeleton={<DetailSkeleton headerHeight={300} />}
      notFoundTitle={t('purchaseOrders.detail.notFound')}
      notFoundHint={t('purchaseOrders.detail.notFoundHint')}
    >
      {(data) => (
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap" className="po-no-print">
            <Text size="sm" c="dimmed" maw={560}>
              {t('purchaseOrders.print.hint')}
            </Text>
            <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
              {t('purchaseOrders.print.print')}
            </Button>
          </Group>
          <PrintedOrder order={data} />
        </Stack>
      )}
    </DetailPageFrame>
  );
}

function PrintedOrder({ order }: { order: PoDetail }) {
  const { t } = useTranslation();
  const supplying = order.sentAt !== null && order.status !== 'declined' && order.status !== 'cancelled';
  const decided = order.steps.filter((step) => step.status === 'approved' || step.status === 'rejected');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      className="po-print-sheet"
      aria-label={t('purchaseOrders.print.sheet', { code: order.code })}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={2}>
            <Text fw={700} size="lg">
              {order.buyer.name}
            </Text>
            <ContactLines contact={order.buyerContact} />
          </Stack>
          <Stack gap={2} align="flex-end">
            <Title order={2} size="h3" tt="uppercase">
              {t('purchaseOrders.print.title')}
            </Title>
            <CodeText fw={700} fz="lg">
              {order.code}
            </CodeText>
            <Text size="sm">{t('purchaseOrders.print.date', { date: formatDate(order.sentAt ?? order.createdAt) })}</Text>
            <Text size="sm" c="dimmed">
              {t(`purchaseOrders.status.${order.status}`)}
            </Text>
          </Stack>
        </Group>

        <Divider />

        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
          <Party label={t('purchaseOrders.party.buyer')} name={order.buyer.name} contact={order.buyerContact} />
          <Party label={t('purchaseOrders.party.supplier')} name={order.supplier.name} contact={order.supplierContact} />
          <Party label={t('purchaseOrders.print.deliverTo')} name={order.warehouse.name} contact={order.warehouseAddress} />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="md" className="po-print-block">
          <Dated label={t('purchaseOrders.field.createdAt')} value={order.createdAt} />
          <Dated label={t('purchaseOrders.field.sentAt')} value={order.sentAt} />
          <Dated label={t('purchaseOrders.field.acceptedAt')} value={order.acceptedAt} />
          <Dated label={t('purchaseOrders.field.closedAt')} value={order.closedAt} />
        </SimpleGrid>

        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('purchaseOrders.field.title')}
          </Text>
          <Text fw={600}>{order.title}</Text>
        </Stack>

        <PoLinesTable lines={order.lines} total={order.total} compact={false} supply={supplying} />

        <Group justify="flex-end">
          <Stack gap={0} align="flex-end" className="po-print-block">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('purchaseOrders.print.totalNgn')}
            </Text>
            <Text fw={700} fz={22}>
              {formatNaira(order.total)}
            </Text>
          </Stack>
        </Group>

        {order.note ? (
          <Stack gap={4} className="po-print-block">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('purchaseOrders.field.note')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {order.note}
            </Text>
          </Stack>
        ) : null}

        <Stack gap="xs" className="po-print-block">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('purchaseOrders.detail.approvals')}
          </Text>
          {order.steps.length === 0 ? (
            <Text size="sm">{t(order.sentAt ? 'purchaseOrders.approvals.notNeeded' : 'purchaseOrders.approvals.notSubmitted')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={520} type="native">
              <Table withTableBorder verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('purchaseOrders.print.level')}</Table.Th>
                    <Table.Th>{t('purchaseOrders.print.upTo')}</Table.Th>
                    <Table.Th>{t('purchaseOrders.print.decidedBy')}</Table.Th>
                    <Table.Th>{t('purchaseOrders.print.decidedAt')}</Table.Th>
                    <Table.Th>{t('purchaseOrders.print.decision')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.steps.map((step) => (
                    <Table.Tr key={step._id}>
                      <Table.Td>
                        {step.order}. {step.name}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNaira(step.maxAmount)}</Table.Td>
                      <Table.Td>{step.decidedBy?.name ?? '–'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{step.decidedAt ? formatDateTime(step.decidedAt) : '–'}</Table.Td>
                      <Table.Td>{t(`purchaseOrders.approvals.status.${step.status}`)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {decided.length === 0 && order.steps.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t('purchaseOrders.print.noDecisionYet')}
            </Text>
          ) : null}
        </Stack>

        <Divider />
        <Text size="xs" c="dimmed">
          {t('purchaseOrders.print.footer', { code: order.code, date: formatDateTime(new Date()) })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** An organisation's or a warehouse's address and contacts, a line each; nothing for what it lacks. */
function ContactLines({ contact }: { contact: Partial<PoPartyContact> | undefined }) {
  if (!contact) return null;
  const place = [contact.lga, contact.state].filter(Boolean).join(', ');
  const reach = [contact.telephone, contact.email].filter(Boolean).join(' · ');
  return (
    <>
      {[contact.address, place, reach].filter(Boolean).map((line) => (
        <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </>
  );
}

function Party({ label, name, contact }: { label: string; name: string; contact: Partial<PoPartyContact> | undefined }) {
  return (
    <Stack gap={2} className="po-print-block">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <ContactLines contact={contact} />
    </Stack>
  );
}

function Dated({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value ? formatDate(value) : '–'}</Text>
    </Stack>
  );
}
